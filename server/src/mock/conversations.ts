import { ulid } from 'ulid';
import type { Conversation } from '../analytics';
import { seededRandom } from '../common/seededRandom';

export { seededRandom };

interface Topic {
  category: string | null;
  questions: string[];
  answer: string;
  /** Pages of examples/site (path and title, with an optional heading anchor). */
  sources: [string, string][];
  /** How often the assistant fails on it: gaps fail mostly, covered topics rarely. */
  unansweredRate: number;
  /** How often it is asked, relative to the others: covered topics come up more. */
  weight: number;
}

const topics: Topic[] = [
  {
    category: 'getting-started',
    questions: ['How do I make my first API request?', 'Where do I get an API key?', 'What is the base URL of the API?'],
    answer: 'Create a key in the dashboard under Settings → API keys, then call https://api.acme.dev with the x-api-key header.',
    sources: [
      ['/guides/quickstart', 'Quickstart'],
      ['/guides/quickstart#get-an-api-key', 'Quickstart'],
    ],
    unansweredRate: 0.1,
    weight: 3,
  },
  {
    category: 'authentication',
    questions: ['How do I rotate my API key without downtime?', 'Which header carries the API key?', 'Are there read-only keys?'],
    answer: 'Create a new key, deploy it, then revoke the old one. Keys are read-only or read-write.',
    sources: [
      ['/guides/authentication#rotating-keys', 'Authentication'],
      ['/guides/authentication#scopes', 'Authentication'],
    ],
    unansweredRate: 0.15,
    weight: 3,
  },
  {
    category: 'authentication',
    questions: ['Do you support SSO with SAML?', 'Can I log in with Okta?', 'How do I set up SCIM provisioning?'],
    answer: 'I could not find information about single sign-on in the documentation.',
    sources: [['/guides/authentication', 'Authentication']],
    unansweredRate: 0.9,
    weight: 1,
  },
  {
    category: 'webhooks',
    questions: ['How do I verify a webhook signature?', 'How long are failed webhooks retried?', 'Can I replay a webhook delivery?'],
    answer: 'Each delivery carries an acme-signature header; failed deliveries are retried for 24 hours.',
    sources: [
      ['/guides/webhooks#verifying-signatures', 'Webhooks'],
      ['/guides/webhooks#retries', 'Webhooks'],
    ],
    unansweredRate: 0.3,
    weight: 3,
  },
  {
    category: 'api-reference',
    questions: ['How do I get a single user?', 'What does GET /users/{userId} return?', 'How do I delete a user and their data?'],
    answer: 'Call GET /users/{userId}; DELETE /users/{userId} removes the user and everything they own.',
    sources: [
      ['/api-reference/users/get-user', 'Get a user'],
      ['/api-reference/users/delete-user', 'Delete a user'],
    ],
    unansweredRate: 0.1,
    weight: 3,
  },
  {
    category: 'api-reference',
    questions: ['How do I page through all users?', 'What is nextCursor?', 'What is the maximum page size?'],
    answer: 'List endpoints return nextCursor; pass it as cursor to get the next page.',
    sources: [
      ['/guides/pagination', 'Pagination'],
      ['/api-reference/introduction', 'Introduction'],
    ],
    unansweredRate: 0.35,
    weight: 3,
  },
  {
    category: 'api-reference',
    questions: ['What are the rate limits?', 'What happens when I exceed the rate limit?', 'Is there a GraphQL API?'],
    answer: 'I could not find rate limits or a GraphQL API in the documentation.',
    sources: [['/api-reference/introduction', 'Introduction']],
    unansweredRate: 0.85,
    weight: 1,
  },
  {
    category: 'billing',
    questions: ['How do I download my invoices?', 'Can I pay by bank transfer?', 'How is usage billed?'],
    answer: 'I could not find billing information in the documentation.',
    sources: [],
    unansweredRate: 0.9,
    weight: 1,
  },
  {
    category: null,
    questions: ['Is there a Terraform provider?', 'Do you have a Go SDK?', 'Can I run Acme on premises?'],
    answer: 'The documentation does not mention that.',
    sources: [['/changelog', 'Changelog']],
    unansweredRate: 0.8,
    weight: 1,
  },
];

export interface GenerateOptions {
  count: number;
  seed: number;
  /** The end of the 90 days the conversations fall in (default: today, 12:00 UTC). */
  now?: number;
  siteUrl?: string;
  /** Leave `resolutionStatus` out: the API does not promise to send it, and the client must cope. */
  omitStatus?: boolean;
  /** How many days before `now` the conversations spread over (default 90); a small value makes dense data. */
  spanDays?: number;
}

const DAY = 86_400_000;
const totalWeight = topics.reduce((sum, topic) => sum + topic.weight, 0);

function pickTopic(draw: number): Topic {
  let remaining = draw * totalWeight;
  for (const topic of topics) {
    remaining -= topic.weight;
    if (remaining < 0) return topic;
  }
  return topics[topics.length - 1];
}

/** Realistic, deterministic conversations, oldest first, ids are ULIDs of their timestamps. */
export function generateConversations(options: GenerateOptions): Conversation[] {
  const random = seededRandom(options.seed);
  const now = options.now ?? Math.floor(Date.now() / DAY) * DAY + DAY / 2;
  const site = (options.siteUrl ?? 'https://docs.acme.dev').replace(/\/$/, '');
  const times = Array.from({ length: options.count }, () => Math.floor(now - random() * (options.spanDays ?? 90) * DAY)).sort(
    (a, b) => a - b,
  );
  const conversations = times.map((time) => {
    const topic = pickTopic(random());
    const unanswered = random() < topic.unansweredRate;
    const cited = topic.sources.filter(() => random() < (unanswered ? 0.5 : 0.85));
    const conversation: Conversation = {
      id: ulid(time, random),
      timestamp: new Date(time).toISOString(),
      query: topic.questions[Math.floor(random() * topic.questions.length)],
      response: unanswered ? `I'm sorry, I couldn't find an answer to that in the docs. ${topic.answer}` : topic.answer,
      sources: cited.map(([path, title]) => ({ title, url: `${site}${path}` })),
      queryCategory: topic.category,
    };
    if (!options.omitStatus) conversation.resolutionStatus = unanswered ? 'unanswered' : 'answered';
    return conversation;
  });
  // ULIDs of the same millisecond differ in their random part: order by id, which orders by time.
  return conversations.sort((a, b) => (a.id < b.id ? -1 : 1));
}

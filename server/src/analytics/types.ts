export interface Source {
  title: string;
  url: string;
}

export interface Conversation {
  id: string;
  timestamp: string;
  query: string;
  response: string;
  sources: Source[];
  queryCategory: string | null;
  resolutionStatus?: 'answered' | 'unanswered';
}

export interface ConversationPage {
  conversations: Conversation[];
  nextCursor: string | null;
  hasMore: boolean;
}

export interface ExportQuery {
  dateFrom?: string;
  dateTo?: string;
  limit?: number;
}

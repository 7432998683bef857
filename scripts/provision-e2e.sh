#!/usr/bin/env bash
# Installs what the end-to-end tests need, once per machine, into .e2e/ (ignored by git):
# code-server 4.100.3 (VS Code 1.100.3 for Node 20) with its native modules and playwright-core,
# plus Debian's Chromium (packaging needs none of it: @vscode/vsce is a development dependency). It replays code-server's postinstall, which downloads a
# ripgrep binary and refuses to run as root. Re-running it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[provision-e2e] %s\n' "$*"; }

# Debian packages, only what the e2e suites need and none of their recommendations:
#   chromium, fonts-liberation  the browser Playwright drives, and fonts for the workbench's text
#   ripgrep                     the search binary code-server expects (its own downloader cannot run here)
#   libkrb5-dev, g++, make, python3   to build code-server's native modules (kerberos and the others)
#   pre-commit                  installs and runs the pre-commit hook as a docs repository would (test/e2e/precommit.test.ts)
PACKAGES="chromium fonts-liberation ripgrep libkrb5-dev g++ make python3 pre-commit"
if ! command -v chromium >/dev/null 2>&1 || ! command -v rg >/dev/null 2>&1 || ! command -v pre-commit >/dev/null 2>&1 || { [ ! -e /usr/include/krb5.h ] && [ ! -e /usr/include/gssapi/gssapi.h ]; }; then
  # Only the packages not installed yet, and no upgrade of any that is (--no-upgrade); libkrb5-dev at
  # the version of the installed libkrb5-3, so that installing it does not upgrade the library under the
  # system. A mirror that no longer has that version (a security update replaced it) gets the mirror's,
  # installed alone with the Kerberos libraries it needs updated to its version.
  MISSING=""
  for package in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || MISSING="$MISSING $package"
  done
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo -n"; fi
  $SUDO apt-get update -qq
  KRB_ALONE=""
  if [[ " $MISSING " == *" libkrb5-dev "* ]] && KRB=$(dpkg-query -W -f='${Version}' libkrb5-3 2>/dev/null) && [ -n "$KRB" ]; then
    if apt-cache madison libkrb5-dev | awk -F'|' '{ gsub(/ /, "", $2); print $2 }' | grep -xF "$KRB" >/dev/null; then
      MISSING="${MISSING/libkrb5-dev/libkrb5-dev=$KRB}"
    else
      say "libkrb5-dev $KRB (the installed libkrb5-3's version) is no longer on the mirror: installing the mirror's, with the Kerberos libraries at its version"
      MISSING="${MISSING/libkrb5-dev/}"
      KRB_ALONE=1
    fi
  fi
  say "installing Debian packages with --no-install-recommends --no-upgrade:$MISSING${KRB_ALONE:+ (and libkrb5-dev)} (about 40 s)"
  # shellcheck disable=SC2086
  [ -z "${MISSING// /}" ] || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends --no-upgrade $MISSING >/dev/null
  if [ -n "$KRB_ALONE" ]; then DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends libkrb5-dev >/dev/null; fi
fi

if [ -x .e2e/node_modules/code-server/lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node ] && [ -e .e2e/.provisioned ]; then
  say "code-server already provisioned in .e2e/"
  exit 0
fi

say "installing code-server 4.100.3, playwright-core into .e2e/ (about 75 s)"
mkdir -p .e2e
cd .e2e
[ -f package.json ] || echo '{"private":true}' > package.json
npm install --no-audit --no-fund --ignore-scripts code-server@4.100.3 playwright-core@1 >/dev/null
cd node_modules/code-server/lib/vscode
say "installing VS Code's own modules and building native ones"
npm install --no-audit --no-fund --omit=dev --ignore-scripts >/dev/null
npm_config_yes=true npm rebuild kerberos node-pty @parcel/watcher @vscode/spdlog native-watchdog @vscode/deviceid >/dev/null
mkdir -p node_modules/@vscode/ripgrep/bin && cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sfn code-linux.sh code-server)
(cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
(cd extensions && npm install --no-audit --no-fund --omit=dev --ignore-scripts >/dev/null)
cd ../../../..
npm_config_yes=true npm rebuild argon2 >/dev/null
touch .provisioned
say "done"

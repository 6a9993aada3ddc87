/**
 * How the tests and scripts start Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium). Without the
 * background-networking flags Chromium floods the closed network with refused connections.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

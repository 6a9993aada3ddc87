// Tests use Debian's Chromium (browser journeys), poppler-utils (pdftotext reads e-tickets) and nginx
// (the load balancer of deploy/, run by apps/api/test/deploy as the test's user); install whichever is
// missing when we are root.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const needed = [
  [CHROMIUM, 'chromium fonts-noto-core'],
  ['/usr/bin/pdftotext', 'poppler-utils'],
  [process.env.NGINX_PATH ?? '/usr/sbin/nginx', 'nginx'],
].filter(([file]) => !fs.existsSync(file));
if (needed.length === 0) process.exit(0);
const packages = needed.map(([, pkg]) => pkg).join(' ');
if (process.getuid?.() !== 0) {
  console.error(`Missing ${needed.map(([file]) => file).join(', ')}. Install with: sudo apt-get install -y ${packages}`);
  process.exit(1);
}
console.log(`Installing Debian packages for the tests: ${packages}`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });

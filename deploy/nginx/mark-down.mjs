#!/usr/bin/env node
// Takes one API process out of nginx's rotation, or puts it back, in the site file:
//   node deploy/nginx/mark-down.mjs /etc/nginx/sites-available/kwenda 3002 down   (then: nginx -s reload)
//   node deploy/nginx/mark-down.mjs /etc/nginx/sites-available/kwenda 3002 up
// A process stopped while nginx still sends it requests can lose the few that reach it as it closes
// (a POST cut off there is not resent); taken out first, it only finishes what it has.
// deploy/rolling-restart.sh does this around each restart.
import fs from 'node:fs';

const [file, port, state] = process.argv.slice(2);
if (!file || !/^\d+$/.test(port ?? '') || !['down', 'up'].includes(state ?? '')) {
  console.error('Usage: node deploy/nginx/mark-down.mjs <site file> <port> down|up');
  process.exit(2);
}
const line = new RegExp(`^([ \\t]*server 127\\.0\\.0\\.1:${port}(?:\\s[^;\\n]*?)??)( down)?;$`, 'm');
const text = fs.readFileSync(file, 'utf8');
if (!line.test(text)) {
  console.error(`${file} has no "server 127.0.0.1:${port} ...;" line`);
  process.exit(1);
}
fs.writeFileSync(
  file,
  text.replace(line, (_, server) => `${server}${state === 'down' ? ' down' : ''};`),
);

// A local OpenID Connect provider standing in for Google in the browser journeys: the API is started
// with GOOGLE_ISSUER pointing here (playwright.config.ts). Its /authorize signs in one fixed person
// at once and redirects back with a code; the nonce of the authorization request is put into that
// code's ID token by oauth2-mock-server itself. Readiness: /.well-known/openid-configuration.
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.env.OIDC_PORT ?? 3227);
export const PERSON = {
  sub: 'google-e2e-1',
  email: 'social.e2e@example.com',
  email_verified: true,
  name: 'Social Tester',
};

const server = new OAuth2Server();
// The mock would call itself "localhost"; the API is configured with the address it really listens on.
server.issuer.url = `http://127.0.0.1:${port}`;
await server.issuer.keys.generate('RS256');
// Every token (access and ID) is about the same person; the nonce, aud and iss set by the mock stay.
server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, PERSON));
server.service.on('beforeUserinfo', (userinfo) => {
  userinfo.body = { ...PERSON };
});
await server.start(port, '127.0.0.1');
console.log(`OIDC provider at ${server.issuer.url}`);

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.stop().finally(() => process.exit(0));
  });

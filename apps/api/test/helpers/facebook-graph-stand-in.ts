import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FacebookPerson {
  id: string;
  name?: string;
  email?: string;
}

/**
 * A local stand-in for Facebook's login dialog, token endpoint and Graph API (/me, /debug_token),
 * strict where Facebook is: the code needs the PKCE verifier and the app's credentials, /me wants the
 * appsecret_proof of the app a token belongs to, debug_token wants the app token "id|secret".
 */
export async function startFacebookStandIn(app: { id: string; secret: string }) {
  const codes = new Map<string, { challenge: string; redirectUri: string; person: FacebookPerson }>();
  const tokens = new Map<string, { appId: string; person: FacebookPerson }>();
  let nextPerson: FacebookPerson = { id: '100001', name: 'Facebook Person', email: 'fb.person@example.com' };
  const requests: string[] = [];

  const issueToken = (person: FacebookPerson, appId = app.id) => {
    const token = `EAA${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { appId, person });
    return token;
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url.pathname);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const oauthError = (message: string) => json(400, { error: { message, type: 'OAuthException', code: 100 } });

    if (request.method === 'GET' && url.pathname === '/dialog/oauth') {
      const q = url.searchParams;
      if (q.get('client_id') !== app.id || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256')
        return oauthError('bad dialog request');
      const redirect = new URL(q.get('redirect_uri')!);
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')!, person: nextPerson });
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', q.get('state') ?? '');
      response.writeHead(302, { location: redirect.toString() });
      return response.end();
    }

    if (request.method === 'POST' && url.pathname === '/oauth/access_token') {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = new URLSearchParams(raw);
        const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const [clientId, secret] = basic
          ? Buffer.from(basic, 'base64').toString().split(':')
          : [body.get('client_id'), body.get('client_secret')];
        if (clientId !== app.id || secret !== app.secret) return oauthError('Error validating client secret.');
        const code = codes.get(body.get('code') ?? '');
        codes.delete(body.get('code') ?? '');
        const verifier = body.get('code_verifier') ?? '';
        if (!code || code.redirectUri !== body.get('redirect_uri')) return oauthError('Invalid verification code format.');
        if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
          return oauthError('Invalid code verifier.');
        json(200, { access_token: issueToken(code.person), token_type: 'bearer', expires_in: 5_183_944 });
      });
      return;
    }

    if (request.method === 'GET' && url.pathname === '/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const known = tokens.get(token);
      if (!known) return json(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      // Our app requires the proof ("Require App Secret"); other apps' tokens are not ours to judge.
      if (
        known.appId === app.id &&
        url.searchParams.get('appsecret_proof') !== createHmac('sha256', app.secret).update(token).digest('hex')
      )
        return oauthError('Invalid appsecret_proof provided in the API argument');
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      return json(200, Object.fromEntries(Object.entries(known.person).filter(([key, value]) => fields.includes(key) && value)));
    }

    if (request.method === 'GET' && url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${app.id}|${app.secret}`)
        return oauthError('Invalid OAuth access token signature.');
      const known = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!known)
        return json(200, {
          data: { is_valid: false, error: { code: 190, message: 'Malformed access token' }, scopes: [] },
        });
      return json(200, {
        data: {
          app_id: known.appId,
          type: 'USER',
          application: 'Some app',
          is_valid: true,
          user_id: known.person.id,
          scopes: ['email', 'public_profile'],
        },
      });
    }
    json(404, { error: { message: 'Unknown path', code: 803 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    issueToken,
    /** Who signs in on the next dialog. */
    setNextPerson(person: FacebookPerson) {
      nextPerson = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

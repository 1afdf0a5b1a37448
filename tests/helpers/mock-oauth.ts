/**
 * A local OAuth2 provider for the social login tests, on 127.0.0.1 (no test reaches further).
 * One server plays Kakao under /kakao/*, Naver under /naver/* and Instagram under /instagram/*:
 *
 *  - GET  /<p>/authorize  approves at once: 302 to redirect_uri with a fresh code and the state;
 *  - POST /<p>/token      trades a code (once; PKCE checked when a challenge was sent; client
 *                         credentials from the form or Basic auth) for an access token;
 *  - GET  /<p>/userinfo   the profile of the token's user, shaped like the real API: Kakao's
 *                         { id, properties.nickname, kakao_account.email + validity flags } (what
 *                         PocketBase's kakao provider reads), Naver's { resultcode, response },
 *                         Instagram's { user_id, username, name } (no email, as the real API).
 *
 * `env(...)` gives the variables that point the app's hooks at it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export type MockFlavor = 'kakao' | 'naver' | 'instagram';
const FLAVORS: readonly string[] = ['kakao', 'naver', 'instagram'];

export interface MockProfile {
  /** Kakao ids are numbers; send digits for Kakao. */
  id: string;
  email: string;
  nickname: string;
  name?: string;
}

export interface MockOAuth {
  url: string;
  /** The profile the next approvals hand out. */
  setProfile(flavor: MockFlavor, profile: MockProfile): void;
  /** Environment for PocketBase: credentials and the three endpoint overrides. */
  env(flavor: MockFlavor): Record<string, string>;
  /** Token requests seen (for asserting that a code was or was not exchanged). */
  tokenRequests: Array<{ flavor: MockFlavor; code: string; ok: boolean }>;
  close(): Promise<void>;
}

export const MOCK_CLIENT = { id: 'mock-client-id', secret: 'mock-client-secret' };

interface Grant {
  flavor: MockFlavor;
  profile: MockProfile;
  challenge: string;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function clientOf(req: IncomingMessage, form: URLSearchParams): { id: string; secret: string } {
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic[1] ?? '', 'base64')
      .toString()
      .split(':')
      .map((s) => decodeURIComponent(s));
    return { id, secret };
  }
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function userInfo(flavor: MockFlavor, p: MockProfile): unknown {
  if (flavor === 'kakao') {
    return {
      id: Number(p.id),
      properties: { nickname: p.nickname },
      kakao_account: {
        email: p.email,
        is_email_valid: true,
        is_email_verified: true,
        profile: { nickname: p.nickname },
      },
    };
  }
  if (flavor === 'instagram') {
    return { id: p.id, user_id: p.id, username: p.nickname, name: p.name ?? '' };
  }
  return {
    resultcode: '00',
    message: 'success',
    response: { id: p.id, email: p.email, name: p.name ?? p.nickname, nickname: p.nickname },
  };
}

export async function startMockOAuth(): Promise<MockOAuth> {
  const profiles: Record<MockFlavor, MockProfile> = {
    kakao: { id: '1000001', email: 'kakao-fan@example.com', nickname: '카카오팬' },
    naver: { id: 'naver-abc-1', email: 'naver-fan@example.com', nickname: '네이버팬' },
    instagram: { id: '17841400000000001', email: '', nickname: 'insta.fan' },
  };
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const tokenRequests: MockOAuth['tokenRequests'] = [];

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const [, flavor, action] = url.pathname.split('/') as [string, MockFlavor, string];
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!FLAVORS.includes(flavor)) return json(404, { error: 'not_found' });

      if (action === 'authorize' && req.method === 'GET') {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        if (!redirect || url.searchParams.get('client_id') !== MOCK_CLIENT.id) {
          return json(400, { error: 'invalid_request' });
        }
        const code = randomBytes(12).toString('hex');
        codes.set(code, {
          flavor,
          profile: profiles[flavor],
          challenge: url.searchParams.get('code_challenge') ?? '',
        });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }

      if (action === 'token' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const code = form.get('code') ?? '';
        const grant = codes.get(code);
        const client = clientOf(req, form);
        const ok =
          !!grant &&
          grant.flavor === flavor &&
          client.id === MOCK_CLIENT.id &&
          client.secret === MOCK_CLIENT.secret &&
          (!grant.challenge || s256(form.get('code_verifier') ?? '') === grant.challenge);
        tokenRequests.push({ flavor, code, ok });
        if (!ok || !grant) {
          // Naver reports errors with 200; OAuth2 servers in general with 400
          return json(flavor === 'naver' ? 200 : 400, { error: 'invalid_grant' });
        }
        codes.delete(code);
        const accessToken = randomBytes(16).toString('hex');
        tokens.set(accessToken, grant);
        return json(200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600 });
      }

      if (action === 'userinfo' && req.method === 'GET') {
        const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const grant = tokens.get(token);
        if (!grant) return json(401, { error: 'invalid_token' });
        return json(200, userInfo(flavor, grant.profile));
      }
      return json(404, { error: 'not_found' });
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = addr && typeof addr === 'object' ? addr.port : 0;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    tokenRequests,
    setProfile(flavor, profile) {
      profiles[flavor] = profile;
    },
    env(flavor) {
      const prefix = flavor.toUpperCase();
      return {
        [`${prefix}_CLIENT_ID`]: MOCK_CLIENT.id,
        [`${prefix}_CLIENT_SECRET`]: MOCK_CLIENT.secret,
        [`${prefix}_AUTH_URL`]: `${url}/${flavor}/authorize`,
        [`${prefix}_TOKEN_URL`]: `${url}/${flavor}/token`,
        [`${prefix}_USERINFO_URL`]: `${url}/${flavor}/userinfo`,
      };
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

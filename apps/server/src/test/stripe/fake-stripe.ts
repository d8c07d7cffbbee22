import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BILLING_PORTAL_SESSIONS_FIXTURE, CHECKOUT_SESSIONS_FIXTURE, ERRORS_FIXTURE, eventFixture, fillObject, parseForm, validateForm, WEBHOOKS_FIXTURE,
  type FixtureEventType, type FormEndpointFixture, type FormValue, type JsonObject, type JsonValue, type ParamProblem,
} from './stripe-fixtures.ts';

export interface ReceivedStripeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw form body as the SDK sent it. */
  rawBody: string;
  /** The form body parsed the way Stripe reads bracketed keys. */
  form: { [key: string]: FormValue };
}

/** A webhook delivery as Stripe makes it: the raw JSON body and its Stripe-Signature header. */
export interface WebhookDelivery {
  payload: string;
  signatureHeader: string;
  event: JsonObject;
}

export interface SignOptions {
  /** Unix seconds for `t=`; now by default. */
  timestamp?: number;
  /** Signs with this secret instead of the endpoint's (a forgery). */
  secret?: string;
}

export interface FakeStripeServer {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  requests: ReceivedStripeRequest[];
  /** The Checkout Session objects the fake created, by id. */
  checkoutSessions: Map<string, JsonObject>;
  /** A documented event of this type, with fields set by dotted path (`data.object.client_reference_id`), signed. */
  webhook(type: FixtureEventType, values?: Record<string, JsonValue>, options?: SignOptions): WebhookDelivery;
  /** Stripe's retry of the same event: the same body, signed again at a later time. */
  redeliver(delivery: WebhookDelivery, options?: SignOptions): WebhookDelivery;
  /** Signs an arbitrary payload the way Stripe does. */
  sign(payload: string, options?: SignOptions): string;
  /** POSTs a delivery to a webhook endpoint, as Stripe would; resolves to the endpoint's reply. */
  deliver(url: string, delivery: WebhookDelivery): Promise<Response>;
  close(): Promise<void>;
}

const ENDPOINTS: FormEndpointFixture[] = [CHECKOUT_SESSIONS_FIXTURE, BILLING_PORTAL_SESSIONS_FIXTURE];

/**
 * A local stand-in for Stripe's API on 127.0.0.1 and a random port: POST /v1/checkout/sessions and
 * POST /v1/billing_portal/sessions, checked against the documented parameters (stripe-fixtures/*.json, unknown
 * parameters refused as Stripe refuses them) and answered with the documented objects; plus Stripe-signed webhook
 * deliveries built from the documented event payloads.
 */
export async function startFakeStripeServer(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripeServer> {
  const secretKey = options.secretKey ?? 'sk_test_fake_sound_studio';
  const webhookSecret = options.webhookSecret ?? `${WEBHOOKS_FIXTURE.secretPrefix}fake_${randomBytes(12).toString('hex')}`;
  const requests: ReceivedStripeRequest[] = [];
  const checkoutSessions = new Map<string, JsonObject>();
  const idempotentReplies = new Map<string, { rawBody: string; reply: JsonObject }>();
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: { type: 'api_error', message: String(error) } }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const rawBody = (await readBody(request)).toString('utf8');
    const form = parseForm(rawBody);
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, rawBody, form });
    const fixture = ENDPOINTS.find((endpoint) => endpoint.endpoint === `${request.method} ${url.pathname}`);
    if (!fixture) return sendError(response, 404, { code: 'resource_missing', param: '', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const { httpStatus, type, message } = ERRORS_FIXTURE.authentication;
      return sendJson(response, httpStatus, { error: { type, message } });
    }
    if (!String(request.headers['content-type'] ?? '').startsWith(fixture.request.contentType)) {
      return sendError(response, 400, { code: 'parameter_invalid', param: '', message: `Content-Type must be ${fixture.request.contentType}` });
    }
    const [problem] = validateForm(fixture, form);
    if (problem) return sendError(response, ERRORS_FIXTURE.invalidRequest.httpStatus, problem);
    // Idempotent requests (documented at https://docs.stripe.com/api/idempotent_requests): the same key and body get
    // the first reply again; the same key with other parameters is refused.
    const key = headerValue(request.headers['idempotency-key']);
    const earlier = key === undefined ? undefined : idempotentReplies.get(`${url.pathname} ${key}`);
    if (earlier && earlier.rawBody !== rawBody) {
      return sendError(response, 400, { code: 'idempotency_key_in_use', param: '', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` }, ERRORS_FIXTURE.idempotency.type);
    }
    const reply = earlier?.reply ?? (fixture === CHECKOUT_SESSIONS_FIXTURE ? createCheckoutSession(form) : createPortalSession(form));
    if (key !== undefined) idempotentReplies.set(`${url.pathname} ${key}`, { rawBody, reply });
    sendJson(response, 200, reply);
  }

  function createCheckoutSession(form: { [key: string]: FormValue }): JsonObject {
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const session = fillObject(CHECKOUT_SESSIONS_FIXTURE.reply.example, {
      id,
      created: nowSeconds(),
      expires_at: nowSeconds() + 24 * 3600,
      mode: scalar(form.mode),
      client_reference_id: scalar(form.client_reference_id),
      customer: scalar(form.customer),
      customer_email: scalar(form.customer_email),
      metadata: stringMap(form.metadata),
      success_url: scalar(form.success_url),
      cancel_url: scalar(form.cancel_url),
      url: `https://checkout.stripe.com/c/pay/${id}`,
    });
    checkoutSessions.set(id, session);
    return session;
  }

  function createPortalSession(form: { [key: string]: FormValue }): JsonObject {
    const id = `bps_${randomBytes(12).toString('hex')}`;
    return fillObject(BILLING_PORTAL_SESSIONS_FIXTURE.reply.example, {
      id,
      created: nowSeconds(),
      customer: scalar(form.customer),
      return_url: scalar(form.return_url),
      url: `https://billing.stripe.com/session/${randomBytes(16).toString('hex')}`,
    });
  }

  function sign(payload: string, signOptions: SignOptions = {}): string {
    const timestamp = signOptions.timestamp ?? nowSeconds();
    const signedPayload = WEBHOOKS_FIXTURE.signedPayload.replace('{t}', String(timestamp)).replace('{body}', payload);
    const signature = createHmac(WEBHOOKS_FIXTURE.algorithm, signOptions.secret ?? webhookSecret).update(signedPayload, 'utf8').digest('hex');
    return `${WEBHOOKS_FIXTURE.timestampKey}=${timestamp},${WEBHOOKS_FIXTURE.signatureScheme}=${signature}`;
  }

  function webhook(type: FixtureEventType, values: Record<string, JsonValue> = {}, signOptions: SignOptions = {}): WebhookDelivery {
    const event = fillObject(eventFixture(type).event, { id: `evt_${randomBytes(12).toString('hex')}`, created: nowSeconds(), ...values });
    const payload = JSON.stringify(event, null, 2);
    return { payload, signatureHeader: sign(payload, signOptions), event };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    checkoutSessions,
    webhook,
    redeliver: (delivery, signOptions) => ({ ...delivery, signatureHeader: sign(delivery.payload, signOptions) }),
    sign,
    deliver: (url, delivery) => fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': WEBHOOKS_FIXTURE.contentType, [WEBHOOKS_FIXTURE.header]: delivery.signatureHeader },
      body: delivery.payload,
    }),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function scalar(value: FormValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function stringMap(value: FormValue | undefined): JsonObject {
  if (typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(8).toString('hex')}` });
  response.end(JSON.stringify(payload));
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sendError(response: ServerResponse, status: number, problem: ParamProblem | { code: string; param: string; message: string }, type = ERRORS_FIXTURE.invalidRequest.type): void {
  const error = fillObject(ERRORS_FIXTURE.replyExample.error as JsonObject, {
    code: problem.code,
    doc_url: `https://stripe.com/docs/error-codes/${problem.code.replace(/_/g, '-')}`,
    message: problem.message,
    param: problem.param,
    type,
  });
  sendJson(response, status, { error });
}

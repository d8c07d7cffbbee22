import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BILLING_PORTAL_SESSIONS_FIXTURE, CHECKOUT_SESSIONS_EXPIRE_FIXTURE, CHECKOUT_SESSIONS_FIXTURE, CHECKOUT_SESSIONS_RETRIEVE_FIXTURE, ERRORS_FIXTURE, eventFixture, fillObject,
  INVOICE_PAYMENTS_FIXTURE, parseForm, REFUNDS_FIXTURE, SUBSCRIPTIONS_CANCEL_FIXTURE, SUBSCRIPTIONS_RETRIEVE_FIXTURE, SUBSCRIPTIONS_UPDATE_FIXTURE, validateForm, WEBHOOKS_FIXTURE,
  type FixtureEventType, type FormEndpointFixture, type FormValue, type JsonObject, type JsonValue, type ParamProblem,
} from './stripe-fixtures.ts';

export interface ReceivedStripeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw form body as the SDK sent it (for a GET, its query string). */
  rawBody: string;
  /** The form body (or GET query) parsed the way Stripe reads bracketed keys. */
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
  /** The Checkout Session objects the fake created, by id, in their current state (open, complete or expired). */
  checkoutSessions: Map<string, JsonObject>;
  /** The refunds the fake created, in order. */
  refunds: JsonObject[];
  /** The subscriptions cancelled through DELETE /v1/subscriptions/:id, in order. */
  canceledSubscriptions: string[];
  /**
   * The customer pays an open Checkout Session (subscription mode): the session becomes complete and paid, its first
   * invoice is paid (refundable through payInvoice's records), and the signed checkout.session.completed is returned.
   * Throws for a session that is not open: Stripe shows an expired session as expired, and a session is paid once.
   */
  completeCheckout(sessionId: string, options: { subscriptionId: string; customerId?: string }): WebhookDelivery;
  /**
   * Records a paid invoice the way Stripe links it to its payment (an Invoice Payment with a PaymentIntent), so
   * GET /v1/invoice_payments finds it and POST /v1/refunds can return it; resolves to the PaymentIntent id.
   */
  payInvoice(invoiceId: string, amountCents: number): string;
  /** A documented event of this type, with fields set by dotted path (`data.object.client_reference_id`), signed. */
  webhook(type: FixtureEventType, values?: Record<string, JsonValue>, options?: SignOptions): WebhookDelivery;
  /** Stripe's retry of the same event: the same body, signed again at a later time. */
  redeliver(delivery: WebhookDelivery, options?: SignOptions): WebhookDelivery;
  /** Signs an arbitrary payload the way Stripe does. */
  sign(payload: string, options?: SignOptions): string;
  /**
   * Stripe having trouble: every API request is answered with this 5xx (an `api_error`, as Stripe documents it), or
   * is never answered ('hang', for timeouts); null answers normally again. Requests are still recorded.
   */
  setOutage(outage: number | 'hang' | null): void;
  /** Stops listening, so connections to the port are refused and open ones dropped, until `comeBack()`. */
  goOffline(): Promise<void>;
  /** Listens on the same port again. */
  comeBack(): Promise<void>;
  /** POSTs a delivery to a webhook endpoint, as Stripe would; resolves to the endpoint's reply. */
  deliver(url: string, delivery: WebhookDelivery): Promise<Response>;
  close(): Promise<void>;
}

const ENDPOINTS: FormEndpointFixture[] = [
  CHECKOUT_SESSIONS_FIXTURE, CHECKOUT_SESSIONS_EXPIRE_FIXTURE, CHECKOUT_SESSIONS_RETRIEVE_FIXTURE, BILLING_PORTAL_SESSIONS_FIXTURE,
  SUBSCRIPTIONS_RETRIEVE_FIXTURE, SUBSCRIPTIONS_UPDATE_FIXTURE, SUBSCRIPTIONS_CANCEL_FIXTURE, REFUNDS_FIXTURE, INVOICE_PAYMENTS_FIXTURE,
];

type Form = { [key: string]: FormValue };
type Reply = { status: number; body: JsonObject };

/** The fixture whose `METHOD /path` (with `{id}` matching one path segment) is this request's, and the path's id. */
function matchEndpoint(method: string, path: string): { fixture: FormEndpointFixture; id: string | undefined } | undefined {
  for (const fixture of ENDPOINTS) {
    const pattern = new RegExp(`^${fixture.endpoint.replace('{id}', '([^/]+)')}$`);
    const match = pattern.exec(`${method} ${path}`);
    if (match) return { fixture, id: match[1] };
  }
  return undefined;
}

/**
 * A local stand-in for Stripe's API on 127.0.0.1 and a random port: POST /v1/checkout/sessions, GET
 * /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire, POST /v1/billing_portal/sessions, GET, POST and
 * DELETE /v1/subscriptions/:id, POST /v1/refunds and GET /v1/invoice_payments, checked against the documented parameters (stripe-fixtures/*.json, unknown
 * parameters refused as Stripe refuses them) and answered with the documented objects; plus Stripe-signed webhook
 * deliveries built from the documented event payloads.
 */
export async function startFakeStripeServer(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripeServer> {
  const secretKey = options.secretKey ?? 'sk_test_fake_sound_studio';
  const webhookSecret = options.webhookSecret ?? `${WEBHOOKS_FIXTURE.secretPrefix}fake_${randomBytes(12).toString('hex')}`;
  const requests: ReceivedStripeRequest[] = [];
  const checkoutSessions = new Map<string, JsonObject>();
  const refunds: JsonObject[] = [];
  const canceledSubscriptions: string[] = [];
  /** Paid Invoice Payment objects by invoice id, and the amount each PaymentIntent took, for refunds. */
  const invoicePayments = new Map<string, JsonObject>();
  const paymentIntentAmounts = new Map<string, number>();
  const idempotentReplies = new Map<string, { rawBody: string; reply: Reply }>();
  let outage: number | 'hang' | null = null;
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: { type: 'api_error', message: String(error) } }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = (await readBody(request)).toString('utf8');
    const matched = matchEndpoint(request.method ?? '', url.pathname);
    const rawBody = matched?.fixture.request.in === 'query' ? url.search.slice(1) : body;
    const form = parseForm(rawBody);
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, rawBody, form });
    if (outage === 'hang') return;
    if (outage !== null) {
      const { type, message } = ERRORS_FIXTURE.apiError;
      return sendJson(response, outage, { error: { type, message } });
    }
    if (!matched) return sendError(response, 404, { code: 'resource_missing', param: '', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const { httpStatus, type, message } = ERRORS_FIXTURE.authentication;
      return sendJson(response, httpStatus, { error: { type, message } });
    }
    const { fixture } = matched;
    if (fixture.request.in !== 'query' && !String(request.headers['content-type'] ?? '').startsWith(fixture.request.contentType)) {
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
    // Stripe saves the result once the endpoint ran (a refusal such as amount_too_large too), not a validation failure.
    const reply = earlier?.reply ?? answer(fixture, form, matched.id);
    if (key !== undefined) idempotentReplies.set(`${url.pathname} ${key}`, { rawBody, reply });
    sendJson(response, reply.status, reply.body);
  }

  function answer(fixture: FormEndpointFixture, form: Form, id: string | undefined): Reply {
    if (fixture === CHECKOUT_SESSIONS_FIXTURE) return ok(createCheckoutSession(form));
    if (fixture === CHECKOUT_SESSIONS_EXPIRE_FIXTURE) return expireCheckoutSession(id ?? '');
    if (fixture === CHECKOUT_SESSIONS_RETRIEVE_FIXTURE) return retrieveCheckoutSession(id ?? '');
    if (fixture === SUBSCRIPTIONS_CANCEL_FIXTURE) return cancelSubscription(id ?? '');
    if (fixture === BILLING_PORTAL_SESSIONS_FIXTURE) return ok(createPortalSession(form));
    if (fixture === SUBSCRIPTIONS_UPDATE_FIXTURE) return updateSubscription(form, id ?? '');
    if (fixture === SUBSCRIPTIONS_RETRIEVE_FIXTURE) return retrieveSubscription(id ?? '');
    if (fixture === REFUNDS_FIXTURE) return createRefund(form);
    return ok(listInvoicePayments(form));
  }

  function updateSubscription(form: Form, id: string): Reply {
    if (!id.startsWith('sub_')) return missing('subscription', id);
    const cancelAtPeriodEnd = scalar(form.cancel_at_period_end);
    const subscription = fillObject(SUBSCRIPTIONS_UPDATE_FIXTURE.reply.example, {
      id,
      ...(cancelAtPeriodEnd === null ? {} : { cancel_at_period_end: cancelAtPeriodEnd === 'true', cancel_at: null }),
      ...(form.metadata === undefined ? {} : { metadata: stringMap(form.metadata) }),
    });
    return ok(subscription);
  }

  /** Documented: only an open session can be expired; expired, it can no longer be completed. */
  function expireCheckoutSession(id: string): Reply {
    const session = checkoutSessions.get(id);
    if (!session) return missing('checkout.session', id);
    if (session.status !== 'open') return notInState(`This Checkout Session is ${String(session.status)}: only a Checkout Session whose status is open can be expired.`);
    Object.assign(session, { status: 'expired', url: null });
    return ok(fillObject(CHECKOUT_SESSIONS_EXPIRE_FIXTURE.reply.example, sessionFields(session)));
  }

  function retrieveCheckoutSession(id: string): Reply {
    const session = checkoutSessions.get(id);
    return session ? ok(structuredClone(session)) : missing('checkout.session', id);
  }

  function cancelSubscription(id: string): Reply {
    if (!id.startsWith('sub_')) return missing('subscription', id);
    canceledSubscriptions.push(id);
    return ok(fillObject(SUBSCRIPTIONS_CANCEL_FIXTURE.reply.example, { id, canceled_at: nowSeconds(), ended_at: nowSeconds() }));
  }

  function completeCheckout(sessionId: string, options: { subscriptionId: string; customerId?: string }): WebhookDelivery {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`No such Checkout Session: ${sessionId}`);
    if (session.status !== 'open') throw new Error(`The Checkout Session ${sessionId} is ${String(session.status)} and cannot be paid`);
    const invoice = `in_${randomBytes(12).toString('hex')}`;
    const amount = typeof session.amount_total === 'number' ? session.amount_total : 0;
    payInvoice(invoice, amount);
    const customer = options.customerId ?? (typeof session.customer === 'string' ? session.customer : `cus_${randomBytes(8).toString('hex')}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: options.subscriptionId, customer, invoice, url: null });
    const fields = Object.fromEntries(Object.entries(sessionFields(session)).map(([key, value]) => [`data.object.${key}`, value]));
    return webhook('checkout.session.completed', fields);
  }

  function retrieveSubscription(id: string): Reply {
    if (!id.startsWith('sub_')) return missing('subscription', id);
    return ok(fillObject(SUBSCRIPTIONS_RETRIEVE_FIXTURE.reply.example, { id }));
  }

  function createRefund(form: Form): Reply {
    const paymentIntent = scalar(form.payment_intent);
    const charge = scalar(form.charge);
    if (!paymentIntent && !charge) return errorReply(400, { code: 'parameter_missing', param: 'charge', message: 'One of the following params should be provided for this request: payment_intent or charge.' });
    const paid = paymentIntent ? paymentIntentAmounts.get(paymentIntent) : undefined;
    if (paymentIntent && paid === undefined) return missing('payment_intent', paymentIntent);
    const amount = form.amount === undefined ? (paid ?? REFUNDS_FIXTURE.reply.example.amount as number) : Number(form.amount);
    if (paid !== undefined && amount > paid) {
      return errorReply(400, { code: 'amount_too_large', param: 'amount', message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(paid / 100).toFixed(2)})` });
    }
    const refund = fillObject(REFUNDS_FIXTURE.reply.example, {
      id: `re_${randomBytes(12).toString('hex')}`,
      created: nowSeconds(),
      amount,
      payment_intent: paymentIntent,
      charge: charge ?? `ch_${randomBytes(12).toString('hex')}`,
      reason: scalar(form.reason),
      metadata: stringMap(form.metadata),
    });
    refunds.push(refund);
    return ok(refund);
  }

  function listInvoicePayments(form: Form): JsonObject {
    const invoice = scalar(form.invoice);
    const status = scalar(form.status);
    const payments = [...invoicePayments.values()].filter((payment) => (invoice === null || payment.invoice === invoice) && (status === null || payment.status === status));
    // A list object as every Stripe list endpoint answers (https://docs.stripe.com/api/pagination).
    return { object: 'list', url: '/v1/invoice_payments', has_more: false, data: payments };
  }

  function payInvoice(invoiceId: string, amountCents: number): string {
    const paymentIntent = `pi_${randomBytes(12).toString('hex')}`;
    invoicePayments.set(invoiceId, fillObject(INVOICE_PAYMENTS_FIXTURE.reply.example, {
      id: `inpay_${randomBytes(12).toString('hex')}`,
      created: nowSeconds(),
      invoice: invoiceId,
      amount_paid: amountCents,
      amount_requested: amountCents,
      'payment.payment_intent': paymentIntent,
      'status_transitions.paid_at': nowSeconds(),
    }));
    paymentIntentAmounts.set(paymentIntent, amountCents);
    return paymentIntent;
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
      ...amountsOf(form),
    });
    // A copy: the session's later states must not change the reply saved for its idempotency key.
    checkoutSessions.set(id, structuredClone(session));
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
  const stopListening = () =>
    new Promise<void>((resolve, reject) => {
      if (!server.listening) return resolve();
      server.close((error) => (error ? reject(error) : resolve()));
      // Kept-alive and hung connections would hold close() open.
      server.closeAllConnections();
    });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    checkoutSessions,
    refunds,
    canceledSubscriptions,
    completeCheckout,
    payInvoice,
    webhook,
    redeliver: (delivery, signOptions) => ({ ...delivery, signatureHeader: sign(delivery.payload, signOptions) }),
    sign,
    deliver: (url, delivery) => fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': WEBHOOKS_FIXTURE.contentType, [WEBHOOKS_FIXTURE.header]: delivery.signatureHeader },
      body: delivery.payload,
    }),
    setOutage: (next) => {
      outage = next;
    },
    goOffline: stopListening,
    comeBack: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: stopListening,
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

/** The fields of a session this fake sets (its id, state, amounts and what the request gave it). */
function sessionFields(session: JsonObject): Record<string, JsonValue> {
  const keys = ['id', 'status', 'payment_status', 'url', 'client_reference_id', 'customer', 'customer_email', 'metadata', 'mode', 'subscription', 'invoice',
    'amount_subtotal', 'amount_total', 'created', 'expires_at', 'success_url', 'cancel_url'];
  return Object.fromEntries(keys.map((key) => [key, session[key] ?? null]));
}

/** A session's amounts from its inline price (a Dashboard price's amount is not known here: the example's stays). */
function amountsOf(form: Form): Record<string, JsonValue> {
  const [item] = Array.isArray(form.line_items) ? form.line_items : [];
  const priceData = typeof item === 'object' && !Array.isArray(item) ? item.price_data : undefined;
  const unitAmount = typeof priceData === 'object' && !Array.isArray(priceData) ? scalar(priceData.unit_amount) : null;
  if (unitAmount === null || typeof item !== 'object' || Array.isArray(item)) return {};
  const amount = Number(unitAmount) * Number(scalar(item.quantity) ?? '1');
  return { amount_subtotal: amount, amount_total: amount };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function ok(body: JsonObject): Reply {
  return { status: 200, body };
}

function errorReply(status: number, details: { code: string; param: string; message: string }): Reply {
  return { status, body: { error: errorObject(details, ERRORS_FIXTURE.invalidRequest.type) } };
}

/** Stripe refusing a request the object's state does not allow: an invalid request (400), with no documented code. */
function notInState(message: string): Reply {
  const error = fillObject(ERRORS_FIXTURE.replyExample.error as JsonObject, { code: null, doc_url: null, message, param: null, type: ERRORS_FIXTURE.invalidRequest.type });
  return { status: ERRORS_FIXTURE.invalidRequest.httpStatus, body: { error } };
}

/** Stripe's 404 for an id it does not know. */
function missing(kind: string, id: string): Reply {
  return errorReply(404, { code: 'resource_missing', param: kind === 'subscription' ? 'id' : kind, message: `No such ${kind}: '${id}'` });
}

function sendError(response: ServerResponse, status: number, problem: ParamProblem | { code: string; param: string; message: string }, type = ERRORS_FIXTURE.invalidRequest.type): void {
  sendJson(response, status, { error: errorObject(problem, type) });
}

function errorObject(problem: { code: string; param: string; message: string }, type: string): JsonObject {
  return fillObject(ERRORS_FIXTURE.replyExample.error as JsonObject, {
    code: problem.code,
    doc_url: `https://stripe.com/docs/error-codes/${problem.code.replace(/_/g, '-')}`,
    message: problem.message,
    param: problem.param,
    type,
  });
}

/**
 * The dev outbox (decision 15, docs/security.md#the-dev-mailbox), as MailHog shows mail:
 * /dev/mailbox lists the mails, /dev/mailbox/:id shows one with its headers, text part, HTML
 * part and attachments, /dev/mailbox.json lists them as JSON (newest first). Every value on a
 * page is escaped; the HTML part is served on a route of its own, in a sandbox under a policy
 * that allows no script, no request and no form, and shown in a sandboxed frame; an
 * attachment is only ever downloaded.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DevMail, Outbox } from '../delivery/outbox';
import { DEFAULT_POLICY, helmetHeaders } from '../securityHeaders';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only the loopback names the mailbox is served under: another Host is a DNS rebinding. */
const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/i;

/** The mailbox's pages: their own inline styles and frames of their own origin, nothing else. */
const PAGE_HEADERS = helmetHeaders({
  ...DEFAULT_POLICY,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'frame-src': ["'self'"],
      'img-src': ['data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    },
  },
});

/** A mail's HTML part: inline styles and data: images only, sandboxed, framed by the mailbox. */
const HTML_PART_HEADERS = helmetHeaders({
  ...DEFAULT_POLICY,
  frameguard: { action: 'sameorigin' },
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ['data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'self'"],
      sandbox: [],
    },
  },
});

/** An attachment: downloaded, never shown or run. */
const ATTACHMENT_HEADERS = helmetHeaders({
  ...DEFAULT_POLICY,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], sandbox: [] },
  },
});

/** A media type as an attachment names it, or a download's neutral one. */
const SAFE_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(?:;\s*charset=[a-z0-9_-]+)?$/i;
const typeOf = (contentType: string) =>
  SAFE_TYPE.test(contentType) ? contentType : 'application/octet-stream';

/** Content-Disposition of a download named `filename` (RFC 6266: an ASCII name and the UTF-8 one). */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const sizeOf = (content: string) => Buffer.byteLength(content, 'utf8');

const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : `${(bytes / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} KB`;

const address = (a: { name: string; address: string } | null) =>
  a ? (a.name ? `${a.name} <${a.address}>` : a.address) : '';

const attachmentHref = (mail: DevMail, index: number) =>
  `/dev/mailbox/${mail.id}/attachments/${index}`;

/** The sender's domain, as the mail channel writes a Message-ID with it. */
const domainOf = (from: string | null) =>
  /@([^>\s]+)>?\s*$/.exec(from ?? '')?.[1] ?? 'immosuite.local';

/** A mail's headers as its SMTP send would carry them (those the outbox knows). */
function headersOf(mail: DevMail): [string, string][] {
  const parts = (mail.html ? 1 : 0) + 1;
  const type = mail.attachments.length
    ? 'multipart/mixed'
    : parts > 1
      ? 'multipart/alternative'
      : 'text/plain; charset=utf-8';
  return [
    ['From', mail.from ?? ''],
    ['To', mail.to],
    ['Reply-To', address(mail.replyTo)],
    ['Subject', mail.subject],
    ['Date', new Date(mail.createdAt).toUTCString()],
    ['Message-ID', mail.messageId ? `<${mail.messageId}@${domainOf(mail.from)}>` : ''],
    ['MIME-Version', '1.0'],
    ['Content-Type', type],
  ].filter(([, value]) => value !== '') as [string, string][];
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:64rem;margin:0 auto;padding:1rem;
color:#1d1d1f;line-height:1.45}a{color:#1f5f8b}h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;vertical-align:top;padding:.4rem .75rem .4rem 0;border-bottom:1px solid #d5d8dc;
overflow-wrap:break-word}th{font-weight:600}li{overflow-wrap:anywhere}dl{display:grid;grid-template-columns:max-content 1fr;
gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f5f7;padding:1rem;border-radius:4px}
iframe{width:100%;height:32rem;border:1px solid #8a8f98;border-radius:4px;background:#fff}
.muted{color:#5f6368}.nowrap{white-space:nowrap}
@media (max-width:40rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}
thead{display:none}table,caption,tbody,tr,td{display:block}td{overflow-wrap:anywhere}tr{border-bottom:1px solid #d5d8dc;padding:.5rem 0}
td{border:none;padding:.1rem 0}}`;

const page = (title: string, body: string) => `<!doctype html><html lang="de"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const berlinTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));

function listPage(mails: DevMail[]): string {
  const rows = mails
    .map(
      (m) => `<tr><td class="nowrap">${escape(berlinTime(m.createdAt))}</td>
<td>${escape(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${escape(m.subject || '(kein Betreff)')}</a></td>
<td>${m.attachments.map((a) => escape(a.filename)).join(', ') || '<span class="muted">–</span>'}</td></tr>`,
    )
    .join('');
  return page(
    'Postausgang (Entwicklung)',
    `<h1>Postausgang (Entwicklung)</h1>
${
  mails.length
    ? `<table><caption class="muted" style="text-align:left">${mails.length === 1 ? '1 E-Mail' : `${mails.length} E-Mails`}, neueste zuerst</caption>
<thead><tr><th scope="col">Zeit</th><th scope="col">An</th><th scope="col">Betreff</th><th scope="col">Anhänge</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p>Keine E-Mails.</p>'
}`,
  );
}

function mailPage(mail: DevMail): string {
  const headers = headersOf(mail)
    .map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>`)
    .join('');
  const attachments = mail.attachments.length
    ? `<table><thead><tr><th scope="col">Name</th><th scope="col">Typ</th><th scope="col">Größe</th></tr></thead><tbody>${mail.attachments
        .map(
          (
            a,
            index,
          ) => `<tr><td><a href="${attachmentHref(mail, index)}" download>${escape(a.filename)}</a></td>
<td>${escape(a.contentType)}</td><td class="nowrap">${escape(formatSize(sizeOf(a.content)))}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>Keine Anhänge.</p>';
  const links = mail.links.length
    ? `<h2>Links</h2><ul>${mail.links.map((l) => `<li><a href="${escape(l)}">${escape(l)}</a></li>`).join('')}</ul>`
    : '';
  return page(
    `${mail.subject} – Postausgang (Entwicklung)`,
    `<p><a href="/dev/mailbox">Zurück zum Postausgang</a></p>
<h1>${escape(mail.subject || '(kein Betreff)')}</h1>
<section aria-labelledby="headers"><h2 id="headers">Kopfzeilen</h2><dl>${headers}</dl></section>
<section aria-labelledby="text"><h2 id="text">Textteil</h2><pre>${escape(mail.text)}</pre></section>
<section aria-labelledby="html"><h2 id="html">HTML-Teil</h2>${
      mail.html
        ? `<iframe sandbox="" src="/dev/mailbox/${mail.id}/html" title="HTML-Teil der E-Mail"></iframe>`
        : '<p>Kein HTML-Teil.</p>'
    }</section>
<section aria-labelledby="attachments"><h2 id="attachments">Anhänge</h2>${attachments}</section>
${links}`,
  );
}

/** What /dev/mailbox.json answers of a mail: all but an attachment's content (its link instead). */
const asJson = (mail: DevMail) => ({
  ...mail,
  attachments: mail.attachments.map((a, index) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: sizeOf(a.content),
    href: attachmentHref(mail, index),
  })),
});

export async function registerMailbox(app: FastifyInstance, outbox: Outbox) {
  const loopbackOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!LOOPBACK_HOST.test(request.headers.host ?? ''))
      return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden');
  };
  const route = (securityHeaders: typeof PAGE_HEADERS) => ({
    onRequest: loopbackOnly,
    config: { securityHeaders },
  });
  /** The mail a route's :id names, or a 404 sent. */
  const mailOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const mail = /^\d{1,15}$/.test(id) ? await outbox.devMail(Number(id)) : null;
    if (!mail) void reply.code(404).type('text/plain; charset=utf-8').send('Keine solche E-Mail.');
    return mail;
  };

  app.get('/dev/mailbox.json', { onRequest: loopbackOnly }, async () =>
    (await outbox.mailbox()).map(asJson),
  );
  app.get('/dev/mailbox', route(PAGE_HEADERS), async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(listPage(await outbox.mailbox())),
  );
  app.get('/dev/mailbox/:id', route(PAGE_HEADERS), async (request, reply) => {
    const mail = await mailOf(request, reply);
    if (mail) return reply.type('text/html; charset=utf-8').send(mailPage(mail));
  });
  app.get('/dev/mailbox/:id/html', route(HTML_PART_HEADERS), async (request, reply) => {
    const mail = await mailOf(request, reply);
    if (!mail) return;
    if (mail.html === null)
      return reply.code(404).type('text/plain; charset=utf-8').send('Kein HTML-Teil.');
    return reply.type('text/html; charset=utf-8').send(mail.html);
  });
  app.get(
    '/dev/mailbox/:id/attachments/:index',
    route(ATTACHMENT_HEADERS),
    async (request, reply) => {
      const mail = await mailOf(request, reply);
      if (!mail) return;
      const { index } = request.params as { index: string };
      const attachment = /^\d{1,4}$/.test(index) ? mail.attachments[Number(index)] : undefined;
      if (!attachment)
        return reply.code(404).type('text/plain; charset=utf-8').send('Kein solcher Anhang.');
      return reply
        .type(typeOf(attachment.contentType))
        .header('Content-Disposition', disposition(attachment.filename))
        .send(attachment.content);
    },
  );
}

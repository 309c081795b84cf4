/** The dev outbox (decision 15): /dev/mailbox (HTML) and /dev/mailbox.json (newest first). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Outbox } from '../delivery/outbox';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only the loopback names the mailbox is served under: another Host is a DNS rebinding. */
const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/i;

export async function registerMailbox(app: FastifyInstance, outbox: Outbox) {
  const loopbackOnly = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!LOOPBACK_HOST.test(request.headers.host ?? ''))
        return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden');
    },
  };
  app.get('/dev/mailbox.json', loopbackOnly, async () => outbox.mailbox());
  app.get('/dev/mailbox', loopbackOnly, async (_request, reply) => {
    const mails = await outbox.mailbox();
    const items = mails
      .map(
        (
          m,
        ) => `<article><h2>${escape(m.subject)}</h2><p>An: ${escape(m.to)} · ${escape(m.createdAt)}</p>
<pre>${escape(m.text)}</pre>${m.links.map((l) => `<p><a href="${escape(l)}">${escape(l)}</a></p>`).join('')}</article>`,
      )
      .join('<hr>');
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="de"><head><meta charset="utf-8">
<title>Postausgang (Entwicklung)</title><style>body{font-family:sans-serif;max-width:50rem;margin:auto;padding:1rem}
pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head><body><main><h1>Postausgang (Entwicklung)</h1>
${items || '<p>Keine E-Mails.</p>'}</main></body></html>`);
  });
}

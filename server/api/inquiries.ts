/** The logged-in contact's listing inquiries (product 2.9, §7). */
import type { FastifyInstance } from 'fastify';
import { categoryById } from '../../contract/catalog';
import { Q } from '../db/statements';
import { route, type ApiContext } from '../http/context';

export async function inquiryRoutes(app: FastifyInstance, { sql, sessions }: ApiContext) {
  route(app, 'GET', '/v1/expose-inquiry', async (request, reply) => {
    const user = await sessions.require(request, reply);
    return (await sql.all(Q.inquiries, user.contactId)).map((row) => ({
      uuid: row.uuid as string,
      image: row.image as string,
      title: row.title as string,
      zip: row.zip as string,
      city: row.city as string,
      category: categoryById(row.category_id as number)?.name ?? '',
      price: { title: row.price_title as string, text: row.price_text as string },
      link: row.link as string,
    }));
  });
}

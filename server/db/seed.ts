/**
 * Seeds a fresh database: categories, field definitions, Berlin's regions, a few listings. A
 * seeded one gets today's region shapes (syncRegionShapes).
 */
import { CATEGORIES } from '../../contract/catalog';
import { FIELD_DEFINITIONS } from '../data/fieldDefinitions';
import { LISTINGS } from '../data/listings';
import { berlinRegionRows, syncRegionShapes } from '../geo/regions';
import { randomUUID } from 'node:crypto';
import type { Queryable, Sql } from './sql';

/** Held while seeding on PostgreSQL, so that processes starting together seed once. */
const SEED_LOCK = 0x1_5eed;

export async function seed(sql: Sql) {
  await sql.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.run('SELECT pg_advisory_xact_lock(?)', SEED_LOCK);
    const seeded = await tx.one<{ n: number }>('SELECT COUNT(*) AS n FROM categories');
    if (Number(seeded!.n) > 0) {
      await syncRegionShapes(tx);
      return;
    }
    const category =
      'INSERT INTO categories (id, name, short, object_type, lead_only, marketing_type) VALUES (?, ?, ?, ?, ?, ?)';
    for (const c of CATEGORIES)
      await tx.run(
        category,
        c.id,
        c.name,
        c.short,
        c.objectType,
        c.leadOnly ? 1 : 0,
        c.marketingType,
      );

    const field = 'INSERT INTO field_definitions (id, definition) VALUES (?, ?)';
    for (const [id, definition] of Object.entries(FIELD_DEFINITIONS))
      await tx.run(field, id, JSON.stringify(definition));

    await seedRegions(tx);

    const listing = `INSERT INTO listings (id, custom_id, title, zip, city, category_id, price_title,
       price_text, image, link) VALUES (@id, @customId, @title, @zip, @city, @categoryId,
       @priceTitle, @priceText, @image, @link)`;
    for (const l of LISTINGS) await tx.run(listing, { ...l });

    await seedDemoCustomer(tx);
  });
}

/**
 * A confirmed sample customer, so that a login link can be asked for on a fresh database;
 * marked as demo, so staff remove it with its submissions in one action.
 */
export const DEMO_CUSTOMER = 'kunde@example.de';

async function seedDemoCustomer(tx: Queryable) {
  const at = new Date().toISOString();
  const contact = {
    salutation: 'Frau',
    firstname: 'Erika',
    lastname: 'Musterkundin',
    phone: '030 1234567',
    street: 'Kastanienallee',
    number: '12',
    zip: '10435',
    city: 'Berlin',
    company: '',
  };
  const contactId = (await tx.one<{ id: number }>(
    `INSERT INTO contacts (email, salutation, firstname, lastname, phone, street, number, zip, city,
      company, data_privacy, accept_contact, newsletter, language, confirmed_at, created_at,
      updated_at, demo)
     VALUES (@email, @salutation, @firstname, @lastname, @phone, @street, @number, @zip, @city,
      @company, 1, 1, 0, 'de', @at, @at, @at, 1) RETURNING id`,
    { ...contact, email: DEMO_CUSTOMER, at },
  ))!.id;
  const submission = `INSERT INTO submissions (uuid, kind, contact_id, contact_data, status,
    language, created_at, confirmed_at) VALUES (?, ?, ?, ?, 'confirmed', 'de', ?, ?) RETURNING id`;
  const consent =
    'INSERT INTO consents (contact_id, submission_id, kind, given, text_version, at) VALUES (?, ?, ?, 1, ?, ?)';
  const data = JSON.stringify({ ...contact, email: DEMO_CUSTOMER });
  const searchId = (await tx.one<{ id: number }>(
    submission,
    randomUUID(),
    'savedSearch',
    contactId,
    data,
    at,
    at,
  ))!.id;
  const inquiryId = (await tx.one<{ id: number }>(
    submission,
    randomUUID(),
    'exposeInquiry',
    contactId,
    data,
    at,
    at,
  ))!.id;
  for (const box of ['dataPrivacy', 'acceptContact'])
    await tx.run(consent, contactId, searchId, box, 'seed', at);
  await tx.run(
    `INSERT INTO saved_searches (uuid, contact_id, submission_id, active, object_type, category_id, marketing_type,
      locations, fields, created_at, updated_at)
     VALUES (?, ?, ?, 1, 'LIVING', 30225, 'rent', ?, ?, ?, ?)`,
    randomUUID(),
    contactId,
    searchId,
    JSON.stringify([301, 201, 202]),
    JSON.stringify([{ name: 'price.price', valueType: 'RANGE', minValue: 800, maxValue: 1600 }]),
    at,
    at,
  );
  await tx.run(
    `INSERT INTO expose_inquiries (uuid, submission_id, contact_id, listing_id, message, created_at)
     VALUES (?, ?, ?, 1, 'Ist die Wohnung noch verfügbar?', ?)`,
    randomUUID(),
    inquiryId,
    contactId,
    at,
  );
}

async function seedRegions(tx: Queryable) {
  const insert =
    'INSERT INTO regions (location_id, name, parent_id, geometry, position) VALUES (?, ?, ?, ?, ?)';
  for (const row of berlinRegionRows()) await tx.run(insert, ...row);
}

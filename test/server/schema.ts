/**
 * A database's schema as data, to compare two databases: read from SQLite's catalog or from
 * PostgreSQL's, in one shape for both (`SchemaShape`), or PostgreSQL's catalog as it stands
 * (`postgresCatalog`), to compare two PostgreSQL databases exactly.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';

/** A column: its type (integer, real or text: what both databases have), NOT NULL, its default. */
export interface ColumnShape {
  name: string;
  type: 'integer' | 'real' | 'text';
  notNull: boolean;
  /** The default as written, without PostgreSQL's casts: `''`, `0`, `'pending'`; or null. */
  default: string | null;
}

/** An index made by CREATE INDEX (not one behind a key or a UNIQUE constraint). */
export interface IndexShape {
  name: string;
  /** Its columns in order; one on an expression is '(expression)'. */
  columns: string[];
  unique: boolean;
  /** A partial index's condition, lower case, without brackets and casts; or null. */
  where: string | null;
}

export interface TableShape {
  columns: ColumnShape[];
  primaryKey: string[];
  /** Each UNIQUE constraint's columns, 'a,b'. */
  unique: string[];
  /** 'column -> table(column)'. */
  foreignKeys: string[];
  indexes: IndexShape[];
}

export interface SchemaShape {
  tables: Record<string, TableShape>;
  /** Each view's columns. */
  views: Record<string, string[]>;
  /**
   * Integer primary keys whose values the database makes when a row leaves them out
   * ('table.column'): SQLite's INTEGER PRIMARY KEY of a rowid table, PostgreSQL's identity.
   */
  generatedIds: string[];
}

const typeOf = (type: string): ColumnShape['type'] => {
  if (/int/i.test(type)) return 'integer';
  if (/text/i.test(type)) return 'text';
  if (/^(real|double precision)$/i.test(type)) return 'real';
  throw new Error(`a column of type ${type}: neither integer, real nor text`);
};

/** A default or condition without PostgreSQL's casts and brackets, lower case, spaced once. */
const plain = (text: string) =>
  text
    .replace(/::[a-z ]+/gi, '')
    .replace(/[()]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const byName = <T extends { name: string }>(items: T[]) =>
  [...items].sort((a, b) => a.name.localeCompare(b.name));
const sortedLists = (lists: string[][]) => lists.map((list) => list.join(',')).sort();

// --------------------------------------------------------------------------------- SQLite

export function sqliteSchema(db: Database.Database): SchemaShape {
  const objects = db
    .prepare(
      `SELECT name, type, sql FROM sqlite_schema
       WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .all() as { name: string; type: 'table' | 'view'; sql: string }[];
  const shape: SchemaShape = { tables: {}, views: {}, generatedIds: [] };
  for (const { name, type, sql } of objects) {
    const columns = db.prepare(`SELECT * FROM pragma_table_info(?) ORDER BY cid`).all(name) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    if (type === 'view') {
      shape.views[name] = columns.map((column) => column.name);
      continue;
    }
    const primaryKey = columns
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    const withoutRowid = /WITHOUT ROWID\s*$/i.test(sql.trim());
    if (primaryKey.length === 1 && !withoutRowid) {
      const key = columns.find((column) => column.name === primaryKey[0])!;
      if (key.type.toUpperCase() === 'INTEGER') shape.generatedIds.push(`${name}.${key.name}`);
    }
    const indexList = db.prepare(`SELECT * FROM pragma_index_list(?)`).all(name) as {
      name: string;
      unique: number;
      origin: 'c' | 'u' | 'pk';
      partial: number;
    }[];
    const columnsOf = (index: string) =>
      (
        db.prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`).all(index) as {
          name: string | null;
        }[]
      ).map((column) => column.name ?? '(expression)');
    const indexes = indexList
      .filter((index) => index.origin === 'c')
      .map((index) => {
        const text = (
          db
            .prepare(`SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?`)
            .get(index.name) as { sql: string }
        ).sql;
        const where = /\bWHERE\b([\s\S]*)$/i.exec(text)?.[1];
        return {
          name: index.name,
          columns: columnsOf(index.name),
          unique: index.unique === 1,
          where: where ? plain(where) : null,
        };
      });
    const foreignKeys = (
      db.prepare(`SELECT * FROM pragma_foreign_key_list(?)`).all(name) as {
        table: string;
        from: string;
        to: string;
        on_delete: string;
      }[]
    ).map(
      (key) =>
        `${key.from} -> ${key.table}(${key.to})${key.on_delete === 'NO ACTION' ? '' : ` ON DELETE ${key.on_delete}`}`,
    );
    shape.tables[name] = {
      columns: columns.map((column) => ({
        name: column.name,
        type: typeOf(column.type),
        // A key's columns are never NULL (SQLite would take a NULL in a rowid table's text key;
        // the server never writes one).
        notNull: column.notnull === 1 || column.pk > 0,
        default: column.dflt_value === null ? null : plain(column.dflt_value),
      })),
      primaryKey,
      unique: sortedLists(
        indexList.filter((index) => index.origin === 'u').map((index) => columnsOf(index.name)),
      ),
      foreignKeys: foreignKeys.sort(),
      indexes: byName(indexes),
    };
  }
  shape.generatedIds.sort();
  return shape;
}

// ----------------------------------------------------------------------------- PostgreSQL

type Client = pg.Client | pg.PoolClient;

/** The tables a test leaves out: the migrations' own record. */
const OWN = ['schema_version'];

export async function postgresSchema(client: Client): Promise<SchemaShape> {
  const columns = (
    await client.query<{
      table_name: string;
      table_type: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>(
      `SELECT c.table_name, t.table_type, c.column_name, c.data_type, c.is_nullable,
         c.column_default, c.is_identity
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE c.table_schema = current_schema() AND NOT (c.table_name = ANY($1))
       ORDER BY c.table_name, c.ordinal_position`,
      [OWN],
    )
  ).rows;
  const constraints = (
    await client.query<{ table: string; type: string; columns: string[]; def: string }>(
      `SELECT rel.relname AS table, con.contype AS type, pg_get_constraintdef(con.oid) AS def,
         ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
           JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num
           ORDER BY k.ord)::text[] AS columns
       FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
       WHERE con.connamespace = current_schema()::regnamespace`,
    )
  ).rows;
  const indexes = (
    await client.query<{
      table: string;
      name: string;
      unique: boolean;
      columns: string[];
      where: string | null;
    }>(
      `SELECT rel.relname AS table, idx.relname AS name, i.indisunique AS unique,
         pg_get_expr(i.indpred, i.indrelid) AS where,
         ARRAY(SELECT coalesce(a.attname, '(expression)')
           FROM unnest(i.indkey) WITH ORDINALITY k(num, ord)
           LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.num
           ORDER BY k.ord)::text[] AS columns
       FROM pg_index i JOIN pg_class idx ON idx.oid = i.indexrelid
       JOIN pg_class rel ON rel.oid = i.indrelid
       WHERE rel.relnamespace = current_schema()::regnamespace
         AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = i.indexrelid)`,
    )
  ).rows;
  const shape: SchemaShape = { tables: {}, views: {}, generatedIds: [] };
  for (const column of columns) {
    if (column.table_type === 'VIEW') {
      (shape.views[column.table_name] ??= []).push(column.column_name);
      continue;
    }
    const table = (shape.tables[column.table_name] ??= {
      columns: [],
      primaryKey: [],
      unique: [],
      foreignKeys: [],
      indexes: [],
    });
    table.columns.push({
      name: column.column_name,
      type: typeOf(column.data_type),
      notNull: column.is_nullable === 'NO',
      default: column.column_default === null ? null : plain(column.column_default),
    });
    if (column.is_identity === 'YES')
      shape.generatedIds.push(`${column.table_name}.${column.column_name}`);
  }
  for (const constraint of constraints) {
    const table = shape.tables[constraint.table];
    if (!table) continue;
    if (constraint.type === 'p') table.primaryKey = constraint.columns;
    if (constraint.type === 'u') table.unique.push(constraint.columns.join(','));
    if (constraint.type === 'f') {
      const [, from, to, toColumn, onDelete] =
        /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)(?: ON DELETE (CASCADE))?$/.exec(
          constraint.def,
        )!;
      table.foreignKeys.push(
        `${from} -> ${to}(${toColumn})${onDelete ? ` ON DELETE ${onDelete}` : ''}`,
      );
    }
  }
  for (const index of indexes) {
    const table = shape.tables[index.table];
    if (!table) continue;
    table.indexes.push({
      name: index.name,
      columns: index.columns,
      unique: index.unique,
      where: index.where === null ? null : plain(index.where),
    });
  }
  for (const table of Object.values(shape.tables)) {
    table.unique.sort();
    table.foreignKeys.sort();
    table.indexes = byName(table.indexes);
  }
  shape.generatedIds.sort();
  return shape;
}

/**
 * PostgreSQL's catalog as it stands, for one PostgreSQL database against another: every
 * column in order with its exact type, default, nullability and identity, every constraint and index by
 * its name and definition, each view's definition, and which tables are unlogged.
 */
export async function postgresCatalog(client: Client) {
  const rows = async (text: string) =>
    (await client.query(text, [OWN])).rows as Record<string, unknown>[];
  return {
    columns: await rows(
      `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity,
         identity_generation
       FROM information_schema.columns
       WHERE table_schema = current_schema() AND NOT (table_name = ANY($1))
       ORDER BY table_name, ordinal_position`,
    ),
    constraints: await rows(
      `SELECT rel.relname AS table, con.conname AS name, pg_get_constraintdef(con.oid) AS def
       FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
       WHERE con.connamespace = current_schema()::regnamespace AND NOT (rel.relname = ANY($1))
       ORDER BY rel.relname, con.conname`,
    ),
    indexes: await rows(
      `SELECT tablename, indexname, indexdef FROM pg_indexes
       WHERE schemaname = current_schema() AND NOT (tablename = ANY($1))
       ORDER BY tablename, indexname`,
    ),
    views: await rows(
      `SELECT viewname, definition FROM pg_views
       WHERE schemaname = current_schema() AND NOT (viewname = ANY($1)) ORDER BY viewname`,
    ),
    unlogged: await rows(
      `SELECT relname FROM pg_class WHERE relpersistence = 'u' AND relkind = 'r'
         AND relnamespace = current_schema()::regnamespace AND NOT (relname = ANY($1))
       ORDER BY relname`,
    ),
  };
}

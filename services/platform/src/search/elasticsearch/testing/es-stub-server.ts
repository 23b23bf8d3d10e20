/**
 * A local HTTP server standing in for Elasticsearch 8 in tests, for the official client pointed at
 * it. It checks each call's method, path and body shape against what Elasticsearch accepts and
 * answers with the response bodies of `../fixtures/*.json` (filled with the request's index, id
 * and version). It keeps just enough state to answer consistently: indices with their documents
 * and external versions, aliases, and simple queries (`match_all`, `term`, `terms`, `bool`).
 * Several servers can share one `EsStubState` (two processes, one cluster).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

export function fixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as T;
}

const clone = <T>(value: T): T => structuredClone(value);

interface StoredDoc {
  version: number;
  source: Record<string, unknown>;
}

export class EsStubState {
  readonly indices = new Map<string, { definition: Record<string, unknown>; docs: Map<string, StoredDoc> }>();
  readonly aliases = new Map<string, Set<string>>();

  /** The indices a name means: the index itself, or those of the alias. */
  resolve(name: string): string[] {
    if (this.indices.has(name)) return [name];
    return [...(this.aliases.get(name) ?? [])];
  }

  aliasOf(index: string): string[] {
    return [...this.aliases].flatMap(([alias, set]) => (set.has(index) ? [alias] : []));
  }
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  body: string;
}

interface Answer {
  status: number;
  body?: unknown;
}

type Injected = { method: string; path: RegExp; answer: Answer; times: number };

const bulkFixture = fixture<{ response: { items: Record<string, Record<string, unknown>>[] } }>('bulk');
const aliasFixture = fixture<{
  response: unknown;
  aliasMissing: unknown;
  removeMissing: unknown;
}>('aliases');
const indexFixture = fixture<{
  response: Record<string, unknown>;
  alreadyExists: unknown;
  indexMissing: { error: Record<string, unknown> };
  refresh: unknown;
  deleted: unknown;
  get: Record<string, { settings: { index: Record<string, unknown> } }>;
}>('index-create');
const docFixture = fixture<{
  getFound: Record<string, unknown>;
  getMissing: Record<string, unknown>;
  indexed: Record<string, unknown>;
  versionConflict: { error: Record<string, unknown> };
}>('documents');
const searchFixture = fixture<{
  search: Record<string, unknown> & { hits: Record<string, unknown> };
  aggregations: Record<string, unknown>;
  count: Record<string, unknown>;
}>('search');

/** The bulk item template of the fixture with this action and status. */
function bulkItem(action: string, status: number): Record<string, unknown> {
  for (const item of bulkFixture.response.items) {
    const body = item[action];
    if (body && body.status === status) return clone(body);
  }
  throw new Error(`no bulk item fixture for ${action} ${status}`);
}

function indexMissing(index: string): Answer {
  const body = clone(indexFixture.indexMissing);
  const error = body.error as Record<string, unknown>;
  error.reason = `no such index [${index}]`;
  error.index = index;
  return { status: 404, body };
}

export class EsStubServer {
  readonly requests: RecordedRequest[] = [];
  private readonly injected: Injected[] = [];
  private server: http.Server | undefined;
  url = '';

  constructor(readonly state = new EsStubState()) {}

  /** Listens on `port` (default: any free one; the same port again brings a stopped server back). */
  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stub');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: decodeURIComponent(url.pathname),
          query: Object.fromEntries(url.searchParams),
          contentType: req.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.requests.push(recorded);
        let answer: Answer;
        try {
          answer = this.injectedAnswer(recorded) ?? this.answer(recorded);
        } catch (error) {
          answer = {
            status: 500,
            body: { error: { type: 'stub_error', reason: String(error) }, status: 500 },
          };
        }
        const headers: Record<string, string> = { 'x-elastic-product': 'Elasticsearch' };
        if (recorded.method === 'HEAD' || answer.body === undefined) {
          res.writeHead(answer.status, headers).end();
          return;
        }
        headers['content-type'] = 'application/vnd.elasticsearch+json;compatible-with=8';
        res.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // The client keeps connections alive: cut them, as a server that went away does.
    server.closeAllConnections();
    await closed;
  }

  /** Answers the next `times` calls matching `method` and `path` with `answer` instead. */
  inject(method: string, pathPattern: RegExp, answer: Answer, times = 1): void {
    this.injected.push({ method, path: pathPattern, answer, times });
  }

  /** Recorded calls with this method whose path matches. */
  calls(method: string, pathPattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pathPattern.test(r.path));
  }

  private injectedAnswer(r: RecordedRequest): Answer | undefined {
    const hit = this.injected.find((i) => i.times > 0 && i.method === r.method && i.path.test(r.path));
    if (!hit) return undefined;
    hit.times -= 1;
    return hit.answer;
  }

  private answer(r: RecordedRequest): Answer {
    const parts = r.path.split('/').filter(Boolean);
    const json = () => (r.body ? (JSON.parse(r.body) as Record<string, unknown>) : {});
    if (r.path === '/_bulk' && (r.method === 'POST' || r.method === 'PUT')) return this.bulk(r);
    if (r.path === '/_aliases' && r.method === 'POST') return this.updateAliases(json());
    if (parts[0] === '_alias' && parts.length === 2 && r.method === 'GET') return this.getAlias(parts[1]!);
    if (parts.length === 1 && !parts[0]!.startsWith('_')) {
      const index = parts[0]!;
      if (r.method === 'HEAD') return { status: this.state.indices.has(index) ? 200 : 404 };
      if (r.method === 'PUT') return this.createIndex(index, json());
      if (r.method === 'GET') return this.getIndices(index);
      if (r.method === 'DELETE') {
        this.state.indices.delete(index);
        for (const set of this.state.aliases.values()) set.delete(index);
        return { status: 200, body: clone(indexFixture.deleted) };
      }
    }
    if (parts.length === 2 && parts[1] === '_refresh' && r.method === 'POST') {
      if (this.state.resolve(parts[0]!).length === 0) return indexMissing(parts[0]!);
      return { status: 200, body: clone(indexFixture.refresh) };
    }
    if (parts.length === 2 && parts[1] === '_search' && (r.method === 'POST' || r.method === 'GET'))
      return this.search(parts[0]!, json());
    if (parts.length === 2 && parts[1] === '_count' && (r.method === 'POST' || r.method === 'GET'))
      return this.count(parts[0]!, json());
    if (parts.length === 2 && parts[1] === '_mget' && (r.method === 'POST' || r.method === 'GET'))
      return this.mget(parts[0]!, json());
    if (parts.length === 3 && parts[1] === '_doc') {
      const [index, , id] = parts as [string, string, string];
      if (r.method === 'GET') return this.getDoc(index, id);
      if (r.method === 'PUT' || r.method === 'POST') return this.indexDoc(index, id, r.query, json());
      if (r.method === 'DELETE') return this.deleteDoc(index, id);
    }
    return {
      status: 400,
      body: { error: { type: 'stub_unsupported', reason: `${r.method} ${r.path}` }, status: 400 },
    };
  }

  private createIndex(index: string, body: Record<string, unknown>): Answer {
    if (this.state.indices.has(index)) return { status: 400, body: clone(indexFixture.alreadyExists) };
    const mappings = body.mappings as { properties?: unknown } | undefined;
    if (!body.settings || !mappings?.properties)
      return {
        status: 400,
        body: { error: { type: 'stub_bad_request', reason: 'settings and mappings expected' } },
      };
    this.state.indices.set(index, { definition: body, docs: new Map() });
    return { status: 200, body: { ...clone(indexFixture.response), index } };
  }

  /** `GET /<name>`: the indices a name or wildcard pattern names (none for a pattern: `{}`). */
  private getIndices(pattern: string): Answer {
    const names = pattern.split(',');
    const wildcard = (p: string) =>
      new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    const found = [...this.state.indices.keys()].filter((index) =>
      names.some((p) => (p.includes('*') ? wildcard(p).test(index) : p === index)),
    );
    const missing = names.find((p) => !p.includes('*') && !this.state.indices.has(p));
    if (missing) return indexMissing(missing);
    const template = Object.values(indexFixture.get)[0]!;
    return {
      status: 200,
      body: Object.fromEntries(
        found.map((index) => {
          const definition = this.state.indices.get(index)!.definition;
          const settings = clone(template.settings);
          settings.index.provided_name = index;
          return [
            index,
            {
              aliases: Object.fromEntries(this.state.aliasOf(index).map((a) => [a, {}])),
              mappings: definition.mappings,
              settings,
            },
          ];
        }),
      ),
    };
  }

  private getAlias(name: string): Answer {
    const set = this.state.aliases.get(name);
    if (!set || set.size === 0) {
      const body = clone(aliasFixture.aliasMissing) as Record<string, unknown>;
      body.error = `alias [${name}] missing`;
      return { status: 404, body };
    }
    return { status: 200, body: Object.fromEntries([...set].map((i) => [i, { aliases: { [name]: {} } }])) };
  }

  private updateAliases(body: Record<string, unknown>): Answer {
    const actions = body.actions as Record<string, { index: string; alias: string; must_exist?: boolean }>[];
    if (!Array.isArray(actions) || actions.length === 0)
      return { status: 400, body: { error: { type: 'action_request_validation_exception' }, status: 400 } };
    // Checked first, applied together: the call changes all or nothing.
    for (const action of actions) {
      const [kind, a] = Object.entries(action)[0]!;
      if (kind !== 'add' && kind !== 'remove')
        return { status: 400, body: { error: { type: 'stub_unsupported' } } };
      if (!this.state.indices.has(a.index)) return indexMissing(a.index);
      if (kind === 'remove' && a.must_exist && !this.state.aliases.get(a.alias)?.has(a.index))
        return { status: 404, body: clone(aliasFixture.removeMissing) };
    }
    for (const action of actions) {
      const [kind, a] = Object.entries(action)[0]!;
      const set = this.state.aliases.get(a.alias) ?? new Set<string>();
      if (kind === 'add') set.add(a.index);
      else set.delete(a.index);
      this.state.aliases.set(a.alias, set);
    }
    return { status: 200, body: clone(aliasFixture.response) };
  }

  private bulk(r: RecordedRequest): Answer {
    if (!r.contentType?.includes('x-ndjson'))
      return { status: 400, body: { error: { type: 'stub_bad_request', reason: 'ndjson expected' } } };
    if (!r.body.endsWith('\n'))
      return {
        status: 400,
        body: {
          error: {
            type: 'illegal_argument_exception',
            reason: 'The bulk request must be terminated by a newline [\\n]',
          },
        },
      };
    const lines = r.body.split('\n').filter((l) => l !== '');
    const items: Record<string, unknown>[] = [];
    for (let i = 0; i < lines.length; i++) {
      const [action, meta] = Object.entries(
        JSON.parse(lines[i]!) as Record<string, Record<string, unknown>>,
      )[0]!;
      const index = String(meta._index);
      const id = String(meta._id);
      const version = meta.version as number | undefined;
      const external = meta.version_type === 'external';
      let item: Record<string, unknown>;
      if (action === 'index') {
        const source = JSON.parse(lines[++i]!) as Record<string, unknown>;
        item = this.write(index, id, version, external, source, 'index');
      } else if (action === 'delete') {
        item = this.write(index, id, version, external, null, 'delete');
      } else {
        item = { status: 400, error: { type: 'stub_unsupported', reason: action } };
      }
      items.push({ [action]: { ...item, _index: index, _id: id } });
    }
    const errors = items.some((it) => ((Object.values(it)[0] as { status: number }).status ?? 500) >= 300);
    return { status: 200, body: { took: 1, errors, items } };
  }

  /** One index or delete with Elasticsearch's external version rule. */
  private write(
    index: string,
    id: string,
    version: number | undefined,
    external: boolean,
    source: Record<string, unknown> | null,
    action: 'index' | 'delete',
  ): Record<string, unknown> {
    const target = this.state.indices.get(index);
    if (!target) return { status: 404, error: clone(indexMissing(index).body as { error: unknown }).error };
    const current = target.docs.get(id);
    if (external && version !== undefined && current && current.version >= version) {
      const conflict = bulkItem(action === 'index' ? 'index' : 'index', 409);
      const error = conflict.error as Record<string, unknown>;
      error.reason = `[${id}]: version conflict, current version [${current.version}] is higher or equal to the one provided [${version}]`;
      error.index = index;
      return { status: 409, error };
    }
    if (source !== null) {
      const strict = this.strictViolation(index, source);
      if (strict) {
        const rejected = bulkItem('index', 400);
        (rejected.error as Record<string, unknown>).reason = strict;
        return { status: 400, error: rejected.error };
      }
    }
    const next = external && version !== undefined ? version : (current?.version ?? 0) + 1;
    if (action === 'delete') {
      if (!current) return { ...bulkItem('delete', 404), _version: next };
      target.docs.delete(id);
      return { ...bulkItem('delete', 200), _version: next };
    }
    target.docs.set(id, { version: next, source: source! });
    return { ...bulkItem('index', current ? 200 : 201), _version: next };
  }

  /** A field the index's strict mapping does not declare (Elasticsearch refuses the document). */
  private strictViolation(index: string, source: Record<string, unknown>): string | null {
    const mappings = this.state.indices.get(index)?.definition.mappings as
      | { dynamic?: string; properties: Record<string, unknown> }
      | undefined;
    if (mappings?.dynamic !== 'strict') return null;
    const extra = Object.keys(source).find((k) => !(k in mappings.properties));
    return extra
      ? `mapping set to strict, dynamic introduction of [${extra}] within [_doc] is not allowed`
      : null;
  }

  private getDoc(name: string, id: string): Answer {
    const [index] = this.state.resolve(name);
    if (!index) return indexMissing(name);
    const doc = this.state.indices.get(index)!.docs.get(id);
    if (!doc) return { status: 404, body: { ...clone(docFixture.getMissing), _index: index, _id: id } };
    return {
      status: 200,
      body: {
        ...clone(docFixture.getFound),
        _index: index,
        _id: id,
        _version: doc.version,
        _source: doc.source,
      },
    };
  }

  private indexDoc(
    name: string,
    id: string,
    query: Record<string, string>,
    source: Record<string, unknown>,
  ): Answer {
    const [index] = this.state.resolve(name);
    if (!index) return indexMissing(name);
    const version = query.version !== undefined ? Number(query.version) : undefined;
    const item = this.write(index, id, version, query.version_type === 'external', source, 'index');
    if (item.status === 409) {
      const body = clone(docFixture.versionConflict);
      (body.error as Record<string, unknown>).reason = (item.error as { reason: string }).reason;
      return { status: 409, body };
    }
    if ((item.status as number) >= 300)
      return { status: item.status as number, body: { error: item.error, status: item.status } };
    return {
      status: item.status as number,
      body: {
        ...clone(docFixture.indexed),
        _index: index,
        _id: id,
        _version: item._version,
        result: item.result,
      },
    };
  }

  private deleteDoc(name: string, id: string): Answer {
    const [index] = this.state.resolve(name);
    if (!index) return indexMissing(name);
    const item = this.write(index, id, undefined, false, null, 'delete');
    return { status: item.status as number, body: { ...item, _index: index, _id: id } };
  }

  private mget(name: string, body: Record<string, unknown>): Answer {
    const [index] = this.state.resolve(name);
    if (!index) return indexMissing(name);
    const ids = body.ids as string[] | undefined;
    if (!Array.isArray(ids))
      return { status: 400, body: { error: { type: 'action_request_validation_exception' } } };
    const docs = this.state.indices.get(index)!.docs;
    return {
      status: 200,
      body: {
        docs: ids.map((id) => {
          const doc = docs.get(id);
          return doc
            ? {
                _index: index,
                _id: id,
                _version: doc.version,
                _seq_no: 0,
                _primary_term: 1,
                found: true,
                _source: doc.source,
              }
            : { _index: index, _id: id, found: false };
        }),
      },
    };
  }

  private docsOf(name: string): { id: string; source: Record<string, unknown>; index: string }[] | null {
    const indices = this.state.resolve(name);
    if (indices.length === 0) return null;
    return indices.flatMap((index) =>
      [...this.state.indices.get(index)!.docs].map(([id, d]) => ({ id, source: d.source, index })),
    );
  }

  private search(name: string, body: Record<string, unknown>): Answer {
    const docs = this.docsOf(name);
    if (docs === null) return indexMissing(name);
    const query = (body.query as Record<string, unknown> | undefined) ?? { match_all: {} };
    const matched = docs.filter((d) => matches(query, d.source));
    const aggs = body.aggs as Record<string, { terms: { field: string } }> | undefined;
    if (aggs) {
      const out = clone(searchFixture.aggregations) as Record<string, unknown> & {
        hits: { total: { value: number } };
      };
      out.hits.total.value = matched.length;
      const aggregations: Record<string, unknown> = {};
      for (const [key, agg] of Object.entries(aggs)) {
        const counts = new Map<string, number>();
        for (const d of matched)
          for (const v of values(d.source[agg.terms.field]))
            counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
        aggregations[key] = {
          doc_count_error_upper_bound: 0,
          sum_other_doc_count: 0,
          buckets: [...counts]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, n]) => ({ key: k, doc_count: n })),
        };
      }
      out.aggregations = aggregations;
      return { status: 200, body: out };
    }
    const sorted = [...matched].sort(
      (a, b) => Number(a.source.seq) - Number(b.source.seq) || (a.id < b.id ? -1 : 1),
    );
    const after = body.search_after as [number, string] | undefined;
    const from = after
      ? sorted.filter((d) => {
          const seq = Number(d.source.seq);
          return seq < after[0] || (seq === after[0] && d.id <= after[1]);
        }).length
      : Number(body.from ?? 0);
    const page = sorted.slice(from, from + Number(body.size ?? 10));
    const out = clone(searchFixture.search);
    const hitTemplate = (out.hits.hits as Record<string, unknown>[])[0]!;
    out.hits = {
      total: { value: matched.length, relation: 'eq' },
      max_score: null,
      hits: page.map((d) => ({
        ...hitTemplate,
        _index: d.index,
        _id: d.id,
        _source: pick(d.source, body._source as string[] | undefined),
        sort: [d.source.seq, d.id],
      })),
    };
    return { status: 200, body: out };
  }

  private count(name: string, body: Record<string, unknown>): Answer {
    const docs = this.docsOf(name);
    if (docs === null) return indexMissing(name);
    const query = (body.query as Record<string, unknown> | undefined) ?? { match_all: {} };
    return {
      status: 200,
      body: { ...clone(searchFixture.count), count: docs.filter((d) => matches(query, d.source)).length },
    };
  }
}

function values(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
}

function pick(source: Record<string, unknown>, fields: string[] | undefined): Record<string, unknown> {
  if (!fields) return source;
  return Object.fromEntries(fields.filter((f) => f in source).map((f) => [f, source[f]]));
}

/** The queries the stub understands; any other is an error (the test then fails visibly). */
function matches(query: Record<string, unknown>, source: Record<string, unknown>): boolean {
  const [kind, arg] = Object.entries(query)[0] as [string, Record<string, unknown>];
  switch (kind) {
    case 'match_all':
      return true;
    case 'match_none':
      return false;
    case 'term': {
      const [field, value] = Object.entries(arg)[0]!;
      return values(source[field]).includes(value);
    }
    case 'terms': {
      const [field, wanted] = Object.entries(arg)[0] as [string, unknown[]];
      return values(source[field]).some((v) => wanted.includes(v));
    }
    case 'bool': {
      const list = (k: string) => values(arg[k]) as Record<string, unknown>[];
      return (
        list('filter').every((q) => matches(q, source)) &&
        list('must').every((q) => matches(q, source)) &&
        !list('must_not').some((q) => matches(q, source)) &&
        (list('should').length === 0 || list('should').some((q) => matches(q, source)))
      );
    }
    default:
      throw new Error(`query ${kind} is not understood by the stub`);
  }
}

/**
 * What `thresher serve` reads besides pages: site models (given at start, learned through the
 * API, or kept in a corpus store's `sites` table) and a corpus store's records. The store is
 * opened read-only once, for the server's lifetime; `thresher run` may not write it meanwhile
 * (SQLite's WAL lets a reader see each committed batch, which is all the API promises).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ThresherError } from '../errors.js';
import { loadSiteModel, type SiteModel } from '../site/model.js';
import { SCHEMA_VERSION, STORE_FILE } from '../pipeline/store.js';

/** A read-only view of a corpus store: records by id, site models by host. */
export class StoreReader {
  private readonly db: Database.Database;

  constructor(readonly dir: string) {
    const path = join(dir, STORE_FILE);
    if (!existsSync(path)) throw new ThresherError('E_INPUT_NOT_FOUND', `no thresher store in ${dir} (expected ${STORE_FILE}; run \`thresher run … --out ${dir}\` first)`);
    try {
      this.db = new Database(path, { readonly: true, fileMustExist: true });
    } catch (e) {
      throw new ThresherError('E_STORE', `cannot open ${path}: ${(e as Error).message}`);
    }
    let schema: string | undefined;
    try { schema = (this.db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined)?.value; } catch { schema = undefined; }
    if (schema !== SCHEMA_VERSION) {
      this.db.close();
      throw new ThresherError('E_STORE', `${dir} was written by another version of thresher (store schema ${schema ?? 'unknown'}, this build ${SCHEMA_VERSION}); rebuild it with thresher run --fresh`);
    }
  }

  /** A stored record (its DocView JSON) by id, or undefined. */
  record(id: string): unknown {
    const row = this.db.prepare('SELECT record FROM docs WHERE id = ?').get(id) as { record: string } | undefined;
    return row ? JSON.parse(row.record) : undefined;
  }

  /** The JSON of the site model the run learned for `host`, or undefined. */
  siteModel(host: string): string | undefined {
    const row = this.db.prepare('SELECT model FROM sites WHERE host = ?').get(host) as { model: string | null } | undefined;
    return row?.model ?? undefined;
  }

  close(): void {
    this.db.close();
  }
}

/** Host names as the registry keys them: what normalizeHost leaves of a real host name. */
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

export function isHostName(host: string): boolean {
  return host.length <= 253 && HOST.test(host);
}

/**
 * Site models by host: those given or learned in this process (newest wins), then the store's.
 * Each is kept with its JSON text, which is what a worker is sent.
 */
export class ModelRegistry {
  private readonly models = new Map<string, { model: SiteModel; json: string }>();

  constructor(initial: readonly SiteModel[], private readonly dir?: string, private readonly store?: StoreReader) {
    for (const m of initial) this.models.set(m.host, { model: m, json: JSON.stringify(m) });
  }

  /** The model's JSON for `host`, or undefined. */
  json(host: string): string | undefined {
    const mine = this.models.get(host);
    if (mine) return mine.json;
    const stored = this.store?.siteModel(host);
    if (stored === undefined) return undefined;
    // A damaged row is the store's problem, reported as such rather than sent to a worker.
    loadSiteModel(stored);
    return stored;
  }

  /** Keeps `model` (and writes it to the models folder, as `thresher learn` names its files). */
  put(model: SiteModel): void {
    const json = JSON.stringify(model);
    this.models.set(model.host, { model, json });
    if (this.dir) {
      try {
        mkdirSync(this.dir, { recursive: true });
        writeFileSync(join(this.dir, `${model.host.replace(/[^a-z0-9.-]/gi, '_')}.json`), json + '\n');
      } catch (e) {
        throw new ThresherError('E_OUTPUT', `cannot write the site model of ${model.host} to ${this.dir}: ${(e as Error).message}`);
      }
    }
  }
}

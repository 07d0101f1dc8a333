/**
 * Typed errors. Library code never prints or exits: it throws a ThresherError whose `code`
 * a caller can switch on, and whose message says what was wrong and what to do.
 */
export type ErrorCode =
  | 'E_INPUT_TYPE'         // neither a string nor bytes (a Uint8Array)
  | 'E_INPUT_EMPTY'        // no bytes at all
  | 'E_INPUT_TOO_LARGE'    // over the size budget
  | 'E_INPUT_BINARY'       // bytes that are not a text document
  | 'E_INPUT_NOT_FOUND'    // a path that does not exist
  | 'E_INPUT_READ'         // a path that exists but cannot be read as a page (a directory, no permission, I/O error)
  | 'E_GZIP'               // a .gz that does not inflate
  | 'E_FETCH'              // a URL that could not be fetched
  | 'E_FETCH_TIMEOUT'
  | 'E_BUDGET_NODES'       // over the node budget
  | 'E_BUDGET_TIME'        // over the time budget
  | 'E_BAD_OPTION'         // an option with an impossible value
  | 'E_DATASET'            // a dataset folder not in the expected layout
  | 'E_GATE'               // quality gate refused a regression
  | 'E_MODEL'              // a learned model that does not fit its data or its feature list
  | 'E_SITE_SAMPLE'        // too few distinct pages to learn a site's templates from, or pages of several hosts
  | 'E_SITE_MODEL'         // a site model (or its style tree) that is damaged, of another kind or of another version
  | 'E_SITE_HOST'          // a site model applied to a page of another host (strict mode)
  | 'E_STORE'              // a corpus store that cannot be opened or belongs to another run
  | 'E_OUTPUT'             // an output path that cannot be written (a missing folder, a folder where a file goes, no permission)
  | 'E_DUPLICATE_ID'       // an id added twice to a collection keyed by id (a replica index)
  | 'E_WARC'               // a WARC file that cannot be opened, written or read at all (bad records are reported per record)
  | 'E_CRAWL_STATE'        // a crawl state database that cannot be used (locked, damaged, or another crawl's)
  | 'E_NO_BROWSER'         // rendering asked for, and no Chromium found (an option, THRESHER_CHROMIUM, or PATH)
  | 'E_RENDER'             // the browser failed a page: it would not start, crashed twice, or the pool was closed
  | 'E_RENDER_TIMEOUT'     // a page that gave not even a partial DOM within its time budget and the capture grace
  | 'E_PAGE_TIMEOUT'       // a page (or a site's sample) past its wall-clock limit on a worker thread; the worker was replaced
  | 'E_WORKER'             // a worker thread that failed or exited under a job
  | 'E_BAD_REQUEST'        // serve: a request body that is not what the endpoint takes (not JSON, fields missing or of the wrong type)
  | 'E_UNSUPPORTED_MEDIA'  // serve: a Content-Type or Content-Encoding the endpoint does not take, or a fetched URL that is not a page
  | 'E_NOT_FOUND'          // serve: a route, site model or record the server does not have
  | 'E_BUSY'               // serve: the extraction queue is full; try again after Retry-After
  | 'E_FETCH_DISABLED'     // serve: a request asked to fetch a URL and the server was started without --allow-fetch
  | 'E_FETCH_REFUSED'      // serve: a URL refused before connecting: not http(s), or it (or a redirect) resolves to a non-public address
  | 'E_CLUSTER'            // cluster mode: Redis unreachable, a run's stage that failed for good, a run directory of another run
  | 'E_BAD_RECORD'         // an input line that is not what it should be: a JSON Lines record that is not JSON, not an object, or has no html / html_base64 string (or bad base64); a line of a URL list that is not an http(s) URL
  | 'E_ROBOTS';            // a URL that robots.txt disallows for thresher's user agent (extract -i)

export class ThresherError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ThresherError';
    this.code = code;
    if (details) this.details = details;
  }
}

export function isThresherError(e: unknown): e is ThresherError {
  return e instanceof ThresherError;
}

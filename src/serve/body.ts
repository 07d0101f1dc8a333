/**
 * Reads a request body for `thresher serve` under its byte limit: a declared Content-Length over
 * the limit is refused before a byte is read, a body that grows past it is cut off (413), and a
 * gzip, deflate or br body is decoded with the same limit on its decoded size, so a small
 * compressed body cannot expand into gigabytes (a decompression bomb).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ThresherError } from '../errors.js';
import { readCapped } from '../io/read-capped.js';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

function tooLarge(maxBytes: number, what: string): ThresherError {
  return new ThresherError('E_INPUT_TOO_LARGE', `the ${what} is over the ${maxBytes}-byte limit (--max-body)`, { maxBytes });
}

/** The raw bytes of `req`'s body, at most maxBytes. */
async function readRaw(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes, 'request body');
  const bytes = await readCapped(req.body, maxBytes);
  if (!bytes) throw tooLarge(maxBytes, 'request body');
  return bytes;
}

/** The body, decoded from its Content-Encoding; E_INPUT_TOO_LARGE, E_GZIP or E_UNSUPPORTED_MEDIA. */
export async function readBody(req: Request, maxBytes: number): Promise<Uint8Array> {
  const encoding = (req.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  const decode = encoding === 'gzip' || encoding === 'x-gzip' ? gunzip : encoding === 'deflate' ? inflate : encoding === 'br' ? brotli : null;
  if (!decode && encoding !== 'identity' && encoding !== '') {
    throw new ThresherError('E_UNSUPPORTED_MEDIA', `Content-Encoding ${JSON.stringify(encoding)} is not taken; send gzip, deflate, br or none`);
  }
  const raw = await readRaw(req, maxBytes);
  if (!decode) return raw;
  try {
    return await decode(raw, { maxOutputLength: maxBytes });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(maxBytes, 'decoded request body');
    throw new ThresherError('E_GZIP', `the request body does not decode as ${encoding}: ${(e as Error).message}`);
  }
}

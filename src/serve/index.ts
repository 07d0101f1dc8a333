/** `thresher/serve`: the HTTP service as a library (startServer), its SSRF policy and its OpenAPI document. */
export { startServer, createApp, type ThresherServer } from './server.js';
export { resolveSettings, SERVE_DEFAULTS, type ServeOptions, type ServeSettings } from './options.js';
export { defaultAddressPolicy, nonPublicReason, isLoopback, type AddressPolicy } from './address-policy.js';
export { fetchPage, MAX_REDIRECTS, type FetchPageOptions, type FetchedPage } from './fetch-url.js';
export { statusOf } from './http-errors.js';
export { OPENAPI } from './openapi.js';

/**
 * Which Chromium to drive. thresher never downloads a browser (playwright-core has no download
 * step, and nothing here asks for one): it uses the system's, found in this order:
 *   1. the `executablePath` option (`--chromium PATH` on the command line);
 *   2. the THRESHER_CHROMIUM environment variable;
 *   3. `chromium`, `chromium-browser`, `google-chrome`, `google-chrome-stable` on PATH.
 * An explicit choice that does not exist is an error, not a reason to look further: a user who
 * named a browser wants that one. Nothing found: E_NO_BROWSER, saying how to get one.
 *
 * Outer ring: reads the file system and the environment.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { ThresherError } from '../errors.js';

export const CHROMIUM_ENV = 'THRESHER_CHROMIUM';
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'] as const;

const HOW_TO_INSTALL =
  'install one (Debian/Ubuntu: `sudo apt-get install -y chromium`), or point thresher at one with ' +
  `${CHROMIUM_ENV}=/path/to/chromium or --chromium /path/to/chromium (executablePath in the API)`;

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` found as an executable file on `pathVar` (a PATH value). */
export function whichOnPath(names: readonly string[], pathVar: string | undefined): string | undefined {
  const dirs = (pathVar ?? '').split(delimiter).filter((d) => d.length > 0);
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

export interface FindBrowserOptions {
  executablePath?: string;
  /** The environment to read (default process.env); tests pass their own. */
  env?: NodeJS.ProcessEnv;
}

/** The Chromium executable to launch, or E_NO_BROWSER with installation advice. */
export function findChromium(options: FindBrowserOptions = {}): string {
  const env = options.env ?? process.env;
  const explicit = options.executablePath ?? (env[CHROMIUM_ENV] || undefined);
  if (explicit !== undefined) {
    const from = options.executablePath !== undefined ? 'executablePath' : CHROMIUM_ENV;
    // A bare name ("chromium") is looked up on PATH; a path is taken as given.
    const path = isAbsolute(explicit) || explicit.includes('/') ? resolve(explicit) : whichOnPath([explicit], env.PATH);
    if (path && isExecutableFile(path)) return path;
    throw new ThresherError('E_NO_BROWSER', `no executable Chromium at ${JSON.stringify(explicit)} (from ${from}); ${HOW_TO_INSTALL}`, { path: explicit });
  }
  const found = whichOnPath(CHROMIUM_NAMES, env.PATH);
  if (found) return found;
  throw new ThresherError('E_NO_BROWSER', `rendering needs Chromium, and none was found on PATH (looked for ${CHROMIUM_NAMES.join(', ')}); ${HOW_TO_INSTALL}`);
}

// The writers' preview inside the dev server (included only when PORTAL_PREVIEW=1,
// which `npm run dev` sets): the "What changed" page, the problems overlay on
// every page, and the endpoints feeding them. Nothing here reaches a build.
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { previewMiddleware } from './preview-middleware.ts';

export const PREVIEW_ENV = 'PORTAL_PREVIEW';

export function previewEnabled(): boolean {
  return process.env[PREVIEW_ENV] === '1';
}

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export function portalPreview(): AstroIntegration {
  return {
    name: 'portal:preview',
    hooks: {
      'astro:config:setup': ({ command, injectRoute, injectScript }) => {
        if (command !== 'dev') return;
        injectRoute({ pattern: '/changes', entrypoint: here('../components/preview/ChangesPage.astro') });
        injectScript('page', `import ${JSON.stringify(here('../components/preview/problems-client.ts'))};`);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(previewMiddleware());
      },
    },
  };
}

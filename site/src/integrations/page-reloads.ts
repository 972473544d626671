// Dev server only. Vite keeps a full reload told while no page listens and sends it to the next page
// that connects, which already shows what the reload was for (Astro's content store written at start,
// a preview's first model): that page reloaded once for nothing, a second after a writer opened it.
// A reload is told on only when a page may show something older than it.
import type { HotPayload, Plugin } from 'vite';

/** Whether a full reload can reach a page that needs it: one listens, or a browser asked for one since the last reload. */
export function reloadHeard(state: { listening: number; asked: boolean }): boolean {
  return state.listening > 0 || state.asked;
}

/** A browser's request for a page (a navigation), as opposed to a module, a style or a script's own fetch. */
export function asksForPage(accept: string | undefined): boolean {
  return accept?.includes('text/html') ?? false;
}

export function pageReloads(): Plugin {
  return {
    name: 'portal:page-reloads',
    apply: 'serve',
    configureServer(server) {
      let asked = false;
      server.middlewares.use((request, _response, next) => {
        if (asksForPage(request.headers.accept)) asked = true;
        next();
      });
      // Wrapped as Astro wraps it (its own error reports): the client's channel is where every reload goes.
      const hot = server.environments.client.hot;
      const send = hot.send.bind(hot) as (...args: unknown[]) => void;
      hot.send = ((payload: HotPayload | string, ...rest: unknown[]) => {
        if (typeof payload === 'object' && payload.type === 'full-reload') {
          const heard = reloadHeard({ listening: server.ws.clients.size, asked });
          asked = false;
          if (!heard) return;
        }
        send(payload, ...rest);
      }) as typeof hot.send;
    },
  };
}

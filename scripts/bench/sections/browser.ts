import type { Context } from '../context.ts';
export async function runBrowser(ctx: Context): Promise<void> { ctx.log('todo'); }

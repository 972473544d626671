import type { Context } from '../context.ts';
export async function runPreview(ctx: Context): Promise<void> { ctx.log('todo'); }

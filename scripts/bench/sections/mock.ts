import type { Context } from '../context.ts';
export async function runMock(ctx: Context): Promise<void> { ctx.log('todo'); }

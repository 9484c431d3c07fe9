/** The success envelope (DESIGN §4). */
export const ok = <T>(data: T) => ({ success: true as const, data });

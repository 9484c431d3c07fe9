/**
 * A Redis hash one service publishes for another to read (docs/service-graph.md:
 * leads' experiment counts, templates' catalogue), rewritten whole unless a
 * newer reading is there already: two writes racing each read their tables
 * after their own commit, so the reading that started later (by the
 * database's clock, field `@`, ARGV[1]) has seen all the earlier one saw, and
 * wins. KEYS[1] the hash; ARGV[1] the reading's time; then field, value, ….
 */
export const WRITE_HASH_IF_NEWER = `
local at = redis.call('HGET', KEYS[1], '@')
if at and tonumber(at) > tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], '@', unpack(ARGV))
return 1`;

-- wrk script of bench:results: a landing page at a steady rate, every request a new ad click
-- (its own gclid) from a browser (a browser's User-Agent: isbot leaves wrk's own out, and a
-- page view counted is what is measured), from CLICK_ADDRESSES visitors in turn
-- (X-Forwarded-For 10.<CLICK_GROUP>.x.y). Each connection waits CLICK_DELAY_MS after an answer
-- before its next request (connections × 1000 / delay ≈ the rate). done() prints one JSON line.
local host = os.getenv("CLICK_HOST")
local path = os.getenv("CLICK_PATH")
local group = tonumber(os.getenv("CLICK_GROUP") or "2")
local addresses = tonumber(os.getenv("CLICK_ADDRESSES") or "2000")
local pause = tonumber(os.getenv("CLICK_DELAY_MS") or "20")
local ua = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
local threads = {}
local thread_id = 0

function setup(thread)
  thread_id = thread_id + 1
  thread:set("tid", thread_id)
  table.insert(threads, thread)
end

local n = 0
function request()
  n = n + 1
  local i = n * 16 + tid
  local a = i % addresses
  return wrk.format("GET", path .. "?utm_source=google&utm_medium=cpc&utm_campaign=results&gclid=Cj0KCQ-r" .. tid .. "-" .. n, {
    ["Host"] = host,
    ["User-Agent"] = ua,
    ["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    ["Accept-Encoding"] = "gzip, deflate, br, zstd",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", group, math.floor(a / 256) % 256, a % 256),
  })
end

function delay()
  return pause
end

ok = 0
other = {}
function response(status, headers, body)
  if status >= 200 and status < 300 then ok = ok + 1 else other[status] = (other[status] or 0) + 1 end
end

function done(summary, latency, requests)
  local total_ok = 0
  local statuses = {}
  for _, thread in ipairs(threads) do
    total_ok = total_ok + thread:get("ok")
    for status, count in pairs(thread:get("other")) do statuses[tostring(status)] = (statuses[tostring(status)] or 0) + count end
  end
  local parts = {}
  for status, count in pairs(statuses) do table.insert(parts, string.format('"%s":%d', status, count)) end
  io.write(string.format(
    'WRK {"requests":%d,"ok":%d,"seconds":%.3f,"errors":%d,"timeouts":%d,"p50":%.3f,"p90":%.3f,"p99":%.3f,"max":%.3f,"bytes":%d,"other":{%s}}\n',
    summary.requests, total_ok, summary.duration / 1e6,
    summary.errors.connect + summary.errors.read + summary.errors.write, summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.bytes, table.concat(parts, ",")))
end

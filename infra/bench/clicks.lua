-- wrk script of bench:capacity (a) and bench:results (kit/wrk.mjs sets it): every request a new
-- ad click on one landing page (its own gclid, CLICK_GCLID<thread>-<n>, and utm parameters,
-- campaign CLICK_CAMPAIGN), from CLICK_ADDRESSES visitors in turn (X-Forwarded-For
-- 10.<CLICK_GROUP>.x.y), Accept-Encoding as a browser sends it. CLICK_BROWSER=1 adds a browser's
-- User-Agent and Accept (isbot leaves wrk's own out: a page view counted). With CLICK_DELAY_MS
-- each connection waits that long after an answer before its next request (connections × 1000 /
-- delay ≈ the rate). done() prints one JSON line the bench reads.
local host = os.getenv("CLICK_HOST")
local path = os.getenv("CLICK_PATH")
local group = tonumber(os.getenv("CLICK_GROUP") or "2")
local addresses = tonumber(os.getenv("CLICK_ADDRESSES") or "2000")
local campaign = os.getenv("CLICK_CAMPAIGN") or "spike"
local gclid = os.getenv("CLICK_GCLID") or "Cj0KCQ-"
local browser = os.getenv("CLICK_BROWSER") == "1"
local pause = tonumber(os.getenv("CLICK_DELAY_MS") or "")
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
  local headers = {
    ["Host"] = host,
    ["Accept-Encoding"] = "gzip, deflate, br, zstd",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", group, math.floor(a / 256) % 256, a % 256),
  }
  if browser then
    headers["User-Agent"] = ua
    headers["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
  end
  return wrk.format("GET", path .. "?utm_source=google&utm_medium=cpc&utm_campaign=" .. campaign .. "&gclid=" .. gclid .. tid .. "-" .. n, headers)
end

if pause then
  function delay()
    return pause
  end
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

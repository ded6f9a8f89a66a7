-- wrk script for bench/heartbeat.ts: args are <tokens file> <method> <body file>.
-- Each request carries the next token of the file (round-robin, each thread from its own offset).
local tokens = {}
local index = 0
local method = "GET"
local body = nil

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then tokens[#tokens + 1] = line end
  end
  method = args[2] or "GET"
  local f = io.open(args[3], "rb")
  if f then
    body = f:read("*a")
    f:close()
    if body == "" then body = nil end
  end
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
  if #tokens > 0 then index = math.random(#tokens) end
end

function request()
  local headers = {}
  if #tokens > 0 then
    index = index % #tokens + 1
    headers["Authorization"] = "Bearer " .. tokens[index]
  end
  if body then headers["Content-Type"] = "application/json" end
  return wrk.format(method, nil, headers, body)
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    'JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    summary.errors.status, errors))
end

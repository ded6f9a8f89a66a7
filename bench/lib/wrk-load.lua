-- wrk script for the benchmarks: args are <tokens file> <method> <body file> [<pause ms>].
-- Each request carries the next token of the file (round-robin, each thread from its own offset); a
-- line "<token>\t<body>" gives that request its own body instead of the body file's.
-- The requests are formatted once in init: building them per request would spend the load generator's
-- CPU, which shares the machine with the server under test.
-- With a pause, each connection waits that long after an answer before its next request: a paced load
-- (connections x 1000 / pause requests a second while answers are fast), like TVs heartbeating on a
-- timer, instead of as fast as the server answers.
local tokens = {}
local requests = {}
local index = 0
local method = "GET"
local body = nil

function init(args)
  local bodies = {}
  for line in io.lines(args[1]) do
    if line ~= "" then
      local token, own = line:match("^([^\t]*)\t(.*)$")
      tokens[#tokens + 1] = token or line
      bodies[#tokens] = own
    end
  end
  method = args[2] or "GET"
  if args[4] then
    local pause = tonumber(args[4])
    delay = function() return pause end
  end
  local f = io.open(args[3], "rb")
  if f then
    body = f:read("*a")
    f:close()
    if body == "" then body = nil end
  end
  if #tokens == 0 then tokens[1] = "" end
  for i, token in ipairs(tokens) do
    local headers = {}
    if token ~= "" then headers["Authorization"] = "Bearer " .. token end
    local payload = bodies[i] or body
    if payload then headers["Content-Type"] = "application/json" end
    requests[i] = wrk.format(method, nil, headers, payload)
  end
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
  index = math.random(#requests)
end

function request()
  index = index % #requests + 1
  return requests[index]
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    'JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    summary.errors.status, errors))
end

-- post.lua — wrk script: POSTs {"puzzle": ...} to the path given after
-- `--`, cycling through the puzzles of a file (one per line, first token),
-- and counts the replies that are not 200.
-- wrk ... -s post.lua URL -- /api/solve puzzles.txt
local puzzles = {}
local path = "/api/solve"
local i = 0
local bad = 0

function init(args)
  path = args[1] or path
  for line in io.lines(args[2]) do
    local p = line:match("^(%S+)")
    if p and #p == 81 then
      puzzles[#puzzles + 1] = '{"puzzle":"' .. p .. '"}'
    end
  end
  -- threads start at different places in the list
  i = math.random(#puzzles)
end

function request()
  i = i % #puzzles + 1
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, puzzles[i])
end

function response(status, headers, body)
  if status ~= 200 then
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  io.write(string.format("non-2xx or errors: %d (socket errors: connect %d read %d write %d timeout %d)\n",
    summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout))
end

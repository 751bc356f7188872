/**
 * The HTTP benchmark's baseline: a bare `node:http` server that answers each recorded path
 * with the bytes the real server sent for it (status, headers, body), from a Buffer made
 * once. It is the floor any framework pays: parsing the request and writing the answer.
 * `tsx http-baseline.ts answers.json`; prints `{"url": …}`; answers `cpu` lines (child-cpu.ts);
 * stops on SIGTERM or stdin's end.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerCpuQueries } from './child-cpu'

export interface RecordedAnswer {
  path: string
  status: number
  headers: Array<[string, string]>
  body_base64: string
}

const recorded = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as RecordedAnswer[]
const answers = new Map(
  recorded.map((a) => [
    a.path,
    { status: a.status, headers: a.headers.flat(), body: Buffer.from(a.body_base64, 'base64') },
  ]),
)
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? '')
  if (!answer) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(answer.status, answer.headers)
  res.end(answer.body)
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }))
})
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
answerCpuQueries(stop)

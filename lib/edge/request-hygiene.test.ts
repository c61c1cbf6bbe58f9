import type {IncomingMessage, ServerResponse} from 'node:http'
import {describe, expect, it} from 'vitest'
import {checkRequest, isDecodablePath, isOriginForm, NOT_FOUND_PATH} from './request-hygiene'

/** A request and a response that records what was answered. */
function exchange(url: string, headers: IncomingMessage['headers'] = {}) {
  const req = {url, headers: {...headers}} as IncomingMessage
  const answered: {status?: number; body?: string} = {}
  const res = {
    writeHead: (status: number) => ((answered.status = status), res),
    end: (body: string) => (answered.body = body),
  } as unknown as ServerResponse
  return {req, res, answered}
}

describe('request hygiene', () => {
  it('takes only paths as request targets', () => {
    expect(['/', '/a?b=1'].map(isOriginForm)).toEqual([true, true])
    expect(['http://evil.example/x', '*', 'localhost:80', undefined].map(isOriginForm)).toEqual([false, false, false, false])
  })

  it('tells paths that decode from those that do not, whatever the query holds', () => {
    expect(['/a%20b', '/blog/x?q=%ff'].map(isDecodablePath)).toEqual([true, true])
    expect(['/%ff', '/%E0%A4%A', '/%'].map(isDecodablePath)).toEqual([false, false, false])
  })

  it('asks Next for the 404 page in place of a path that does not decode, keeping the one asked for', () => {
    const {req, res, answered} = exchange('/blog/%ff?x=1')
    expect(checkRequest(req, res)).toEqual({requestedPath: '/blog/%ff', pathname: NOT_FOUND_PATH, rewritten: true})
    expect(req.url).toBe(NOT_FOUND_PATH)
    expect(answered.status).toBeUndefined()
  })

  it('answers 400 to a target that is not a path and to a router state Next cannot read', () => {
    const absolute = exchange('http://evil.example/x')
    expect(checkRequest(absolute.req, absolute.res)).toBeNull()
    expect(absolute.answered.status).toBe(400)
    const tree = exchange('/a', {'next-router-state-tree': '%ff'})
    expect(checkRequest(tree.req, tree.res)).toBeNull()
    expect(tree.answered.body).toContain('Next-Router-State-Tree')
  })

  it('drops a page request’s validators, and keeps a file’s', () => {
    const validators = {'if-none-match': '"v1"', 'if-modified-since': 'Mon, 01 Jan 2024 00:00:00 GMT'}
    const page = exchange('/about', {accept: 'text/html', ...validators})
    checkRequest(page.req, page.res)
    expect(page.req.headers['if-none-match']).toBeUndefined()
    expect(page.req.headers['if-modified-since']).toBeUndefined()
    const file = exchange('/_next/static/a.js', {accept: '*/*', ...validators})
    checkRequest(file.req, file.res)
    expect(file.req.headers['if-none-match']).toBe('"v1"')
  })
})

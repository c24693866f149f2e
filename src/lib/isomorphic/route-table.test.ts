import { describe, expect, it } from 'vitest';
import { compileRoutes, matchRoute } from './route-table';

const pages = {
  '/pages/index': { route: '/' },
  '/pages/stories/index': { route: '/stories' },
  '/pages/stories/@id/index': { route: '/stories/@id' },
  '/pages/stories/@id/calendars': { route: '/stories/@id/calendars' },
  '/pages/stories/location/@state': { route: '/stories/location/@state' },
  '/pages/host_story/new': { route: '/host_story/new' },
  '/pages/host_story/@id': { route: '/host_story/@id' },
  '/pages/files': { route: '/files/*' },
  '/pages/two-globs': { route: '/a/*/b/*' },
  '/pages/_error': { isErrorPage: true },
};
const routes = compileRoutes(pages);

describe('route table (pages/+onBeforeRoute.ts)', () => {
  it('answers the one page whose route matches, with its parameters', () => {
    expect(matchRoute(routes, '/')).toEqual({ pageId: '/pages/index', routeParams: {} });
    expect(matchRoute(routes, '/stories')).toEqual({ pageId: '/pages/stories/index', routeParams: {} });
    expect(matchRoute(routes, '/stories/')).toEqual({ pageId: '/pages/stories/index', routeParams: {} });
    expect(matchRoute(routes, '/stories/12')).toEqual({ pageId: '/pages/stories/@id/index', routeParams: { id: '12' } });
    expect(matchRoute(routes, '/stories/12/calendars')).toEqual({ pageId: '/pages/stories/@id/calendars', routeParams: { id: '12' } });
    expect(matchRoute(routes, '/stories/location/%E4%BA%AC')).toEqual({
      pageId: '/pages/stories/location/@state',
      routeParams: { state: '%E4%BA%AC' },
    });
  });

  it('matches globs like Vike: `*` alone, numbered when there are several', () => {
    expect(matchRoute(routes, '/files/a/b.txt')).toEqual({ pageId: '/pages/files', routeParams: { '*': 'a/b.txt' } });
    expect(matchRoute(routes, '/a/x/y/b/z')).toEqual({ pageId: '/pages/two-globs', routeParams: { '*1': 'x/y', '*2': 'z' } });
  });

  it('leaves precedence and 404 to Vike: nothing when several routes or none match', () => {
    // /host_story/new matches both /host_story/new and /host_story/@id: Vike's precedence picks.
    expect(matchRoute(routes, '/host_story/new')).toBeNull();
    expect(matchRoute(routes, '/host_story/7')).toEqual({ pageId: '/pages/host_story/@id', routeParams: { id: '7' } });
    expect(matchRoute(routes, '/nowhere')).toBeNull();
    expect(matchRoute(routes, '/stories/12/other')).toBeNull();
    expect(matchRoute(routes, '/stories//')).toBeNull();
  });

  it('takes regular-expression characters in a route literally', () => {
    const literal = compileRoutes({ p: { route: '/a.b/(x)' } });
    expect(matchRoute(literal, '/a.b/(x)')).toEqual({ pageId: 'p', routeParams: {} });
    expect(matchRoute(literal, '/aXb/x')).toBeNull();
  });
});

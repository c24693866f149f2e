import { usePageContext } from 'vike-react/usePageContext';

/** The route's {id} (the page's guard has already refused a malformed one). */
export function useRouteId(): number {
  return Number(usePageContext().routeParams.id);
}

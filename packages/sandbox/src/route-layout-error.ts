/** A bad route-layout file (docs/sandbox-routes.md): the message names the file and the entry. */
export class RouteLayoutError extends Error {
  override name = 'RouteLayoutError';
}

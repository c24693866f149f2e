// Never rendered: the guard redirects to /admin/communities.
export default function Page() {
  return null;
}

/**
 * URLs of files stored on records (`/api/files/{collection}/{id}/{file}`), same origin as the app,
 * so the service worker's file cache serves them offline. `thumb` asks PocketBase for one of the
 * field's configured thumbnail sizes (pb_migrations: cardImg 200x0 and 400x0, logoImage 100x100).
 */
export function fileUrl(collection: string, id: string, file: string, thumb?: string): string {
  if (!file) return '';
  const path = `/api/files/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/${encodeURIComponent(file)}`;
  return thumb ? `${path}?thumb=${encodeURIComponent(thumb)}` : path;
}

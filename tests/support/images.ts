// Real 1×1 images (checked with file(1)), for uploads that are judged by their content.
const b64 = (s: string) => new Uint8Array(Buffer.from(s, "base64"));

export const images = {
  png: b64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  gif: b64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  webp: b64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="),
  jpeg: b64(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  ),
} as const;

/** A PNG signature followed by filler, `size` bytes in all (for the size limit). */
export function pngOfSize(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(images.png.subarray(0, 8));
  return out;
}

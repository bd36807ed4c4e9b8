import { openProfileImage, render } from './profile-images.ts';

/**
 * Product images and sponsor logos: the profile images' rules (accepted by content, the same
 * formats, sizes and decoding limits, via `openProfileImage`), stored as WebP without metadata.
 * A product image is kept whole at most 1200 px on its longer side, with a square thumbnail for
 * lists (docs/product/marketplace.md "Listing a product"); a sponsor logo fits a transparent
 * 128 px square (docs/product/listening.md "Sponsored waves").
 */
export const PRODUCT_FULL_MAX = 1200;
export const PRODUCT_THUMB = 400;
export const SPONSOR_LOGO_SIZE = 128;

export async function renderProductImage(file: string): Promise<{ full: Buffer; thumb: Buffer }> {
  const image = await openProfileImage(file);
  const full = await render(
    image
      .clone()
      .resize(PRODUCT_FULL_MAX, PRODUCT_FULL_MAX, { fit: 'inside', withoutEnlargement: true }),
  );
  const thumb = await render(
    image.clone().resize(PRODUCT_THUMB, PRODUCT_THUMB, { fit: 'cover', position: 'attention' }),
  );
  return { full, thumb };
}

export async function renderSponsorLogo(file: string): Promise<Buffer> {
  const image = await openProfileImage(file);
  return render(
    image.resize(SPONSOR_LOGO_SIZE, SPONSOR_LOGO_SIZE, {
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    }),
  );
}

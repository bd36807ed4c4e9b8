import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiReply } from '../../../api/client.ts';
import type { NewProductFields, Product } from '../../../api/contract/treasurehunt.ts';
import { PRODUCT_IMAGE_FIELDS } from '../../../api/contract/treasurehunt.ts';
import * as productKeys from './product-keys.ts';

export interface NewProductUpload {
  fields: NewProductFields;
  images: readonly File[];
  onProgress: (percent: number) => void;
}

/** POST /treasurehunt/newproduct: multipart with the three images, with upload progress. */
export function createProduct({
  fields,
  images,
  onProgress,
}: NewProductUpload): Promise<ApiReply<Product>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.set(name, String(value));
  }
  images.forEach((image, index) => {
    const field = PRODUCT_IMAGE_FIELDS[index];
    if (field) form.set(field, image);
  });
  return apiRequest<Product>('/treasurehunt/newproduct', {
    body: form,
    onUploadProgress: onProgress,
  });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
  });
}

/** The treasure hunt's query keys, written once (mutations refresh through them). */
export const all = ['treasurehunt'] as const;
export const lists = () => [...all, 'list'] as const;
export const list = (filter: string) => [...lists(), filter] as const;
export const product = (id: number) => [...all, 'product', id] as const;
export const price = (id: number) => [...all, 'price', id] as const;

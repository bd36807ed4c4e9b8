import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ProductCategory } from '../../api/contract/constants.ts';

/**
 * A price in the interface language (docs/product/marketplace.md "Screens"): English shows
 * Australian dollars the original's way ($55.00) and other currencies with their own sign
 * (US$, €, £, NZ$); German writes 55,00 AU$.
 */
export function formatPrice(amount: number, currency: string, language: string): string {
  const locale = language === 'de' ? 'de-DE' : currency === 'AUD' ? 'en-AU' : 'en-GB';
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

const categoryNames: Record<ProductCategory, MessageDescriptor> = {
  antiques: msg({ message: 'Antiques', context: 'product category' }),
  art: msg({ message: 'Art', context: 'product category' }),
  books: msg({ message: 'Books', context: 'product category' }),
  clothing: msg({ message: 'Clothing', context: 'product category' }),
  electronics: msg({ message: 'Electronics', context: 'product category' }),
  garden: msg({ message: 'Garden', context: 'product category' }),
  home: msg({ message: 'Home', context: 'product category' }),
  music: msg({ message: 'Music', context: 'product category' }),
  sports: msg({ message: 'Sports', context: 'product category' }),
  toys: msg({ message: 'Toys', context: 'product category' }),
  vehicles: msg({ message: 'Vehicles', context: 'product category' }),
  other: msg({ message: 'Other', context: 'product category' }),
};

export const categoryName = (i18n: I18n, category: ProductCategory) =>
  i18n._(categoryNames[category]);

/** "every 1 minute", "every 30 seconds": a step interval in words. */
export function intervalText(i18n: I18n, seconds: number): string {
  if (seconds % 86_400 === 0) {
    const days = seconds / 86_400;
    return days === 1 ? i18n._(msg`every day`) : i18n._(msg`every ${days} days`);
  }
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? i18n._(msg`every hour`) : i18n._(msg`every ${hours} hours`);
  }
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return minutes === 1 ? i18n._(msg`every minute`) : i18n._(msg`every ${minutes} minutes`);
  }
  return i18n._(msg`every ${seconds} seconds`);
}

/** A price as the buy form's field shows it: two decimals, with the language's separator. */
export function priceInputValue(amount: number, language: string): string {
  const text = amount.toFixed(2);
  return language === 'de' ? text.replace('.', ',') : text;
}

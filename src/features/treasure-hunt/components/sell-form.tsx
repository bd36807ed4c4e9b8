import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_CURRENCIES,
  PRODUCT_DEFAULT_CURRENCY,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_HEADLINE_MAX,
  PRODUCT_IMAGE_COUNT,
  PRODUCT_LOCATION_MAX,
  treasureHuntMessages,
} from '../../../api/contract/constants.ts';
import {
  newProductFieldsSchema,
  PRODUCT_IMAGE_FIELDS,
  type NewProductFields,
} from '../../../api/contract/treasurehunt.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { categoryName, formatPrice, intervalText } from '../money.ts';

const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;

interface FormState {
  headline: string;
  description: string;
  location: string;
  category: string;
  currency: string;
  start_price: string;
  floor_price: string;
  step_amount: string;
  every: string;
  unit: Unit;
}

const initialState: FormState = {
  headline: '',
  description: '',
  location: '',
  category: '',
  currency: PRODUCT_DEFAULT_CURRENCY,
  start_price: '',
  floor_price: '',
  step_amount: '',
  every: '1',
  unit: 'minutes',
};

function fieldsOf(state: FormState): NewProductFields {
  const seconds = Number(state.every.replace(',', '.')) * UNITS[state.unit];
  return {
    headline: state.headline,
    description: state.description,
    location: state.location,
    category: state.category as NewProductFields['category'],
    currency: state.currency as NewProductFields['currency'],
    start_price: state.start_price,
    floor_price: state.floor_price,
    step_amount: state.step_amount,
    step_seconds: Number.isFinite(seconds) ? Math.round(seconds) : Number.NaN,
  };
}

/**
 * /treasurehunt/sell: list a product (docs/product/marketplace.md "Listing a product"). The
 * contract's schema checks the fields here as the server will; the server checks them again,
 * with the three images, and its field messages land on the same fields.
 */
export function SellForm() {
  const { t, i18n } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [state, setState] = useState<FormState>(initialState);
  const [images, setImages] = useState<(File | null)[]>(() =>
    Array(PRODUCT_IMAGE_COUNT).fill(null),
  );
  const [previews, setPreviews] = useState<(string | null)[]>(() =>
    Array(PRODUCT_IMAGE_COUNT).fill(null),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(
    () => () => {
      for (const url of previews) if (url) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const set =
    (key: keyof FormState) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setState((current) => ({ ...current, [key]: event.target.value }));

  const chooseImage = (index: number, file: File | null) => {
    setImages((current) => current.map((image, i) => (i === index ? file : image)));
    setPreviews((current) =>
      current.map((url, i) => (i === index ? (file ? URL.createObjectURL(file) : null) : url)),
    );
  };

  const parsed = newProductFieldsSchema.safeParse(fieldsOf(state));
  const schedule = parsed.success ? parsed.data : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        found[field === 'step_seconds' ? 'every' : field] ??= issue.message;
      }
    }
    PRODUCT_IMAGE_FIELDS.forEach((field, index) => {
      if (!images[index]) found[field] = treasureHuntMessages.imagesRequired;
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify(translateServerMessage('please check the highlighted fields'));
      return;
    }
    setProgress(0);
    try {
      const reply = await create.mutateAsync({
        fields: fieldsOf(state),
        images: images.filter((image): image is File => image !== null),
        onProgress: setProgress,
      });
      if (reply.success && reply.data) {
        notify(t`Your product is listed.`, { kind: 'success' });
        await navigate({ to: '/productpage/{-$id}', params: { id: String(reply.data.id) } });
        return;
      }
      const fields = Object.fromEntries(
        Object.entries(reply.formFieldErrorMessages).map(([field, message]) => [
          field === 'step_seconds' ? 'every' : field,
          message,
        ]),
      );
      setErrors(fields);
      for (const message of Object.values(fields)) notify(translateServerMessage(message));
      if (Object.keys(fields).length === 0) notify(translateServerMessage(reply.message));
    } catch (error) {
      notify(requestFailureText(error));
    } finally {
      setProgress(null);
    }
  };

  const error = (field: string) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className="field__error">
        {translateServerMessage(errors[field])}
      </span>
    ) : null;
  const described = (field: string, hint = false) =>
    [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const textField = (
    field: 'headline' | 'location' | 'start_price' | 'floor_price' | 'step_amount',
    label: ReactNode,
    extra: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        className="input"
        value={state[field]}
        onChange={set(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field)}
        required
        {...extra}
      />
      {error(field)}
    </div>
  );

  return (
    <form className="form card th-sell" onSubmit={(event) => void submit(event)} noValidate>
      {textField('headline', <Trans>Headline</Trans>, { maxLength: PRODUCT_HEADLINE_MAX + 20 })}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          <Trans>Description</Trans>
        </label>
        <textarea
          id={`${id}-description`}
          className="textarea"
          rows={4}
          value={state.description}
          onChange={set('description')}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          aria-invalid={errors['description'] ? true : undefined}
          aria-describedby={described('description')}
        />
        {error('description')}
      </div>
      <div className="th-sell__pair">
        {textField('location', <Trans>Location</Trans>, {
          maxLength: PRODUCT_LOCATION_MAX + 20,
          placeholder: t`Town or suburb`,
        })}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-category`}>
            <Trans>Category</Trans>
          </label>
          <select
            id={`${id}-category`}
            className="select"
            value={state.category}
            onChange={set('category')}
            aria-invalid={errors['category'] ? true : undefined}
            aria-describedby={described('category')}
            required
          >
            <option value="">{t`Choose…`}</option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryName(i18n, category)}
              </option>
            ))}
          </select>
          {error('category')}
        </div>
      </div>

      <fieldset className="th-sell__prices">
        <legend>
          <Trans>Price</Trans>
        </legend>
        <div className="th-sell__pair">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-currency`}>
              <Trans>Currency</Trans>
            </label>
            <select
              id={`${id}-currency`}
              className="select"
              value={state.currency}
              onChange={set('currency')}
            >
              {PRODUCT_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </div>
          {textField('start_price', <Trans>Start price</Trans>, { inputMode: 'decimal' })}
          {textField('floor_price', <Trans>Lowest price</Trans>, { inputMode: 'decimal' })}
          {textField('step_amount', <Trans>Falls by</Trans>, { inputMode: 'decimal' })}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-every`}>
              <Trans>Every</Trans>
            </label>
            <div className="th-sell__every">
              <input
                id={`${id}-every`}
                className="input"
                inputMode="numeric"
                value={state.every}
                onChange={set('every')}
                aria-invalid={errors['every'] ? true : undefined}
                aria-describedby={described('every')}
                required
              />
              <select
                className="select"
                value={state.unit}
                onChange={set('unit')}
                aria-label={t`Unit`}
              >
                <option value="seconds">{t`seconds`}</option>
                <option value="minutes">{t`minutes`}</option>
                <option value="hours">{t`hours`}</option>
                <option value="days">{t`days`}</option>
              </select>
            </div>
            {error('every')}
          </div>
        </div>
        <p className="field__hint" role="status">
          {schedule && schedule.start_price > schedule.floor_price ? (
            <Trans>
              The price starts at{' '}
              {formatPrice(schedule.start_price / 100, schedule.currency, i18n.locale)} and falls by{' '}
              {formatPrice(schedule.step_amount / 100, schedule.currency, i18n.locale)}{' '}
              {intervalText(i18n, schedule.step_seconds)} until someone buys it or it reaches{' '}
              {formatPrice(schedule.floor_price / 100, schedule.currency, i18n.locale)}.
            </Trans>
          ) : schedule ? (
            <Trans>
              A fixed price:{' '}
              {formatPrice(schedule.start_price / 100, schedule.currency, i18n.locale)}.
            </Trans>
          ) : (
            <Trans>
              The price falls step by step until someone buys it or it reaches the lowest price.
            </Trans>
          )}
        </p>
      </fieldset>

      <fieldset className="th-sell__images">
        <legend>
          <Trans>Three pictures</Trans>
        </legend>
        <p className="field__hint">
          <Trans>WebP, GIF, JPEG, PNG or BMP, at most 10 MB each.</Trans>
        </p>
        <div className="th-sell__pictures">
          {PRODUCT_IMAGE_FIELDS.map((field, index) => (
            <div key={field} className="field th-sell__picture">
              <input
                id={`${id}-${field}`}
                className="th-sell__file"
                type="file"
                accept="image/webp,image/gif,image/jpeg,image/png,image/bmp"
                onChange={(event) => chooseImage(index, event.target.files?.[0] ?? null)}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={described(field)}
              />
              <label className="th-sell__drop" htmlFor={`${id}-${field}`}>
                {previews[index] ? (
                  <img src={previews[index] ?? ''} alt="" />
                ) : (
                  <span aria-hidden="true">+</span>
                )}
                <span className="th-sell__drop-label">
                  <Trans>Picture {index + 1}</Trans>
                </span>
              </label>
              {error(field)}
            </div>
          ))}
        </div>
      </fieldset>

      {progress !== null && (
        <div className="th-sell__progress">
          <progress max={100} value={progress} aria-label={t`Uploading`} />
          <span>{Math.floor(progress)} %</span>
        </div>
      )}
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={create.isPending}
      >
        {create.isPending ? <Trans>Listing…</Trans> : <Trans>List it</Trans>}
      </button>
    </form>
  );
}

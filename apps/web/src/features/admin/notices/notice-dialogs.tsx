import { ROUTE_NOTICE_SCOPES, ROUTE_NOTICE_TEXT_MAX, type RouteNotice, type RouteNoticeScope } from '@kwenda/contracts/admin';
import { todayIn } from '@kwenda/contracts/rules';
import { Alert, Group, Radio, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';
import { ltr } from '../lib/bidi';
import { fieldErrorsOf, refusesFieldsOnly } from '../components/api-error-alert';
import { FormDialog } from '../components/form-dialog';
import {
  newNoticeForm,
  noticeFormOf,
  noticeFormProblems,
  noticeInput,
  noticePlace,
  type NoticeField,
  type NoticeForm,
} from './notice-form';
import { useSaveNotice, useWithdrawNotice } from './notices-api';
import classes from './notices.module.css';

/** Withdrawn meanwhile (by a colleague, in another tab): the server no longer finds it among those in force. */
const withdrawnMeanwhile = (error: unknown) => error instanceof ApiRequestError && error.code === 'NOT_FOUND';

interface DialogProps {
  onClose: () => void;
  /** A sentence for the page's notice once the action succeeded. */
  onDone: (message: string) => void;
}

/** Which fields each scope asks for. */
type PlaceField = 'origin' | 'destination' | 'airport' | 'airline';
const PLACE_FIELDS: Record<RouteNoticeScope, PlaceField[]> = {
  route: ['origin', 'destination'],
  airport: ['airport'],
  airline: ['airline'],
};

/** Write a notice, or change one (`notice`): where it applies, for which days of departure, in both languages. */
export function NoticeDialog({ notice, onClose, onDone }: DialogProps & { notice: RouteNotice | null }) {
  const { t } = useTranslation('admin-notices');
  const save = useSaveNotice();
  const [form, setForm] = useState<NoticeForm>(() => (notice ? noticeFormOf(notice) : newNoticeForm(todayIn())));
  const [checked, setChecked] = useState(false);
  const problems = noticeFormProblems(form);
  const refused = fieldErrorsOf(save.error);
  const set = (field: keyof NoticeForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const errorOf = (field: NoticeField) =>
    (checked && problems.has(field)) || refused.has(field)
      ? t(`form.errors.${field}`, { max: ROUTE_NOTICE_TEXT_MAX })
      : undefined;

  const submit = () => {
    setChecked(true);
    if (problems.size > 0 || save.isPending) return;
    save.mutate(
      { id: notice?.id ?? null, body: noticeInput(form) },
      {
        onSuccess: ({ notice: saved }) => {
          onDone(t(notice ? 'form.changed' : 'form.written', { place: ltr(noticePlace(saved)) }));
          onClose();
        },
      },
    );
  };

  const code = (field: PlaceField, maxLength: number) => (
    <TextInput
      key={field}
      label={t(`form.${field}`)}
      description={t(`form.hints.${field}`)}
      classNames={{ description: classes.hint }}
      value={form[field]}
      onChange={(event) => set(field)(event.currentTarget.value.toUpperCase())}
      dir="ltr"
      maxLength={maxLength}
      autoComplete="off"
      required
      style={{ maxInlineSize: '12rem' }}
      error={errorOf(field)}
    />
  );

  return (
    <FormDialog
      title={t(notice ? 'form.editTitle' : 'form.title')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error}
      hideError={refusesFieldsOnly(save.error) || withdrawnMeanwhile(save.error)}
      confirmLabel={t(notice ? 'form.saveChanges' : 'form.submit')}
    >
      <Text size="sm" className={classes.hint}>
        {t('form.intro')}
      </Text>
      <Radio.Group label={t('form.scope')} value={form.scope} onChange={(next) => set('scope')(next)} required>
        <Group gap="md" mt={6}>
          {ROUTE_NOTICE_SCOPES.map((option) => (
            <Radio key={option} value={option} label={t(`scope.${option}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Group gap="sm" align="flex-start">
        {PLACE_FIELDS[form.scope].map((field) => code(field, field === 'airline' ? 2 : 3))}
      </Group>
      {form.scope === 'route' ? (
        <Text size="xs" className={classes.hint}>
          {t('form.hints.route')}
        </Text>
      ) : null}
      <Group gap="sm" align="flex-start" grow>
        <TextInput
          type="date"
          label={t('form.startsOn')}
          value={form.startsOn}
          onChange={(event) => set('startsOn')(event.currentTarget.value)}
          required
          error={errorOf('startsOn')}
        />
        <TextInput
          type="date"
          label={t('form.endsOn')}
          value={form.endsOn}
          onChange={(event) => set('endsOn')(event.currentTarget.value)}
          required
          error={errorOf('endsOn')}
        />
      </Group>
      <Text size="xs" className={classes.hint}>
        {t('form.hints.period')}
      </Text>
      {(['textAr', 'textEn'] as const).map((field) => (
        <Textarea
          key={field}
          label={t(`form.${field}`)}
          description={t('form.hints.text', { count: form[field].length, max: ROUTE_NOTICE_TEXT_MAX })}
          classNames={{ description: classes.hint }}
          value={form[field]}
          onChange={(event) => set(field)(event.currentTarget.value)}
          lang={field === 'textAr' ? 'ar' : 'en'}
          dir={field === 'textAr' ? 'rtl' : 'ltr'}
          maxLength={ROUTE_NOTICE_TEXT_MAX}
          autosize
          minRows={3}
          required
          error={errorOf(field)}
        />
      ))}
      {withdrawnMeanwhile(save.error) ? (
        <Alert color="red" role="alert">
          {t('gone')}
        </Alert>
      ) : null}
    </FormDialog>
  );
}

/** Withdraw a notice: travellers no longer see it; it stays listed among the withdrawn. */
export function WithdrawNoticeDialog({ notice, onClose, onDone }: DialogProps & { notice: RouteNotice }) {
  const { t, i18n } = useTranslation('admin-notices');
  const withdraw = useWithdrawNotice();
  const confirm = () =>
    withdraw.mutate(notice.id, {
      onSuccess: () => {
        onDone(t('withdraw.done', { place: ltr(noticePlace(notice)) }));
        onClose();
      },
    });
  return (
    <FormDialog
      title={t('withdraw.title')}
      onClose={onClose}
      onSubmit={confirm}
      pending={withdraw.isPending}
      error={withdraw.error}
      hideError={withdrawnMeanwhile(withdraw.error)}
      confirmLabel={t('withdraw.confirm')}
      confirmColor="red"
    >
      <Text>
        {t('withdraw.body')}{' '}
        <bdi dir="ltr" className={classes.place}>
          {noticePlace(notice)}
        </bdi>
      </Text>
      <Text size="sm" className={classes.text}>
        {i18n.language === 'ar' ? notice.textAr : notice.textEn}
      </Text>
      {withdrawnMeanwhile(withdraw.error) ? (
        <Alert color="red" role="alert">
          {t('gone')}
        </Alert>
      ) : null}
    </FormDialog>
  );
}

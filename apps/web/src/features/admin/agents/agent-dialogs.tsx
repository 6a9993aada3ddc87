import type { AdminAgent, CommissionBasis } from '@kwenda/contracts/admin';
import { REFERRAL_CODE_PATTERN } from '@kwenda/contracts/rules';
import { Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { fieldErrorsOf, refusesFieldsOnly } from '../components/api-error-alert';
import { FormDialog } from '../components/form-dialog';
import { useCreateAgent, useUpdateAgent } from './agents-api';
import classes from './agents.module.css';

/**
 * The agents screen's dialogs: create an agent, change an agent's commission, deactivate or
 * reactivate. Each says what will happen; the server's refusal shows in the dialog.
 */

interface DialogProps {
  onClose: () => void;
  /** A sentence for the page's notice once the action succeeded. */
  onDone: (message: string) => void;
}

function BasisAndPercent({
  basis,
  percent,
  onBasis,
  onPercent,
  percentError,
}: {
  basis: CommissionBasis;
  percent: number | string;
  onBasis: (basis: CommissionBasis) => void;
  onPercent: (value: number | string) => void;
  percentError?: string;
}) {
  const { t } = useTranslation('admin-agents');
  return (
    <>
      <Radio.Group
        label={t('form.basis')}
        value={basis}
        onChange={(value) => onBasis(value as CommissionBasis)}
        description={t('form.basisHint')}
        classNames={{ description: classes.description }}
      >
        <Stack gap={6} mt={6}>
          <Radio value="markup" label={t('basis.markup')} />
          <Radio value="fare" label={t('basis.fare')} />
        </Stack>
      </Radio.Group>
      <TypedNumberInput
        label={t('form.percent')}
        value={percent}
        onChange={onPercent}
        min={0}
        max={100}
        decimalScale={2}
        step={0.5}
        suffix=" %"
        required
        error={percentError}
        style={{ maxInlineSize: '12rem' }}
      />
    </>
  );
}

const percentValid = (value: number | string) => typeof value === 'number' && value >= 0 && value <= 100;

export function CreateAgentDialog({ onClose, onDone }: DialogProps) {
  const { t } = useTranslation('admin-agents');
  const create = useCreateAgent();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [code, setCode] = useState('');
  const [basis, setBasis] = useState<CommissionBasis>('markup');
  const [percent, setPercent] = useState<number | string>(10);
  const [language, setLanguage] = useState<'ar' | 'en'>('ar');
  const [checked, setChecked] = useState(false);

  const server = fieldErrorsOf(create.error);
  const cleanCode = code.trim().toUpperCase();
  const local = {
    email: checked && !/^\S+@\S+\.\S+$/.test(email.trim()),
    referralCode: checked && cleanCode !== '' && !REFERRAL_CODE_PATTERN.test(cleanCode),
    commissionPercent: checked && !percentValid(percent),
  };
  const errorOf = (field: 'email' | 'fullName' | 'referralCode' | 'commissionPercent') =>
    (local as Record<string, boolean>)[field] || server.has(field) ? t(`errors.${field}`) : undefined;

  const submit = () => {
    setChecked(true);
    if (!/^\S+@\S+\.\S+$/.test(email.trim()) || !percentValid(percent)) return;
    if (cleanCode && !REFERRAL_CODE_PATTERN.test(cleanCode)) return;
    create.mutate(
      {
        email: email.trim(),
        ...(fullName.trim() ? { fullName: fullName.trim() } : {}),
        ...(cleanCode ? { referralCode: cleanCode } : {}),
        commissionBasis: basis,
        commissionPercent: percent as number,
        language,
      },
      {
        onSuccess: ({ agent, accountCreated }) => {
          onDone(
            t(accountCreated ? 'notice.createdNewAccount' : 'notice.created', { name: agent.fullName, code: agent.referralCode }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('create.title')}
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending}
      error={create.error}
      hideError={refusesFieldsOnly(create.error)}
      confirmLabel={t('create.submit')}
    >
      <Text size="sm" c="gray.7">
        {t('create.intro')}
      </Text>
      <TextInput
        label={t('form.email')}
        type="email"
        dir="ltr"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          create.reset();
        }}
        error={errorOf('email')}
        data-autofocus
      />
      <TextInput
        label={t('form.fullName')}
        description={t('form.fullNameHint')}
        classNames={{ description: classes.description }}
        autoComplete="off"
        value={fullName}
        onChange={(event) => {
          setFullName(event.currentTarget.value);
          create.reset();
        }}
        error={errorOf('fullName')}
      />
      <TextInput
        label={t('form.code')}
        description={t('form.codeHint')}
        classNames={{ description: classes.description }}
        dir="ltr"
        autoComplete="off"
        maxLength={16}
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value.toUpperCase());
          create.reset();
        }}
        error={errorOf('referralCode')}
      />
      <BasisAndPercent
        basis={basis}
        percent={percent}
        onBasis={setBasis}
        onPercent={setPercent}
        percentError={errorOf('commissionPercent')}
      />
      <div>
        <Text size="sm" fw={700} id="agent-email-language">
          {t('form.language')}
        </Text>
        <SegmentedControl
          aria-labelledby="agent-email-language"
          value={language}
          onChange={(value) => setLanguage(value as 'ar' | 'en')}
          data={[
            { value: 'ar', label: 'العربية' },
            { value: 'en', label: 'English' },
          ]}
        />
      </div>
    </FormDialog>
  );
}

export function TermsDialog({ agent, onClose, onDone }: DialogProps & { agent: AdminAgent }) {
  const { t } = useTranslation('admin-agents');
  const update = useUpdateAgent();
  const [basis, setBasis] = useState<CommissionBasis>(agent.commissionBasis);
  const [percent, setPercent] = useState<number | string>(agent.commissionPercent);
  const [checked, setChecked] = useState(false);
  const submit = () => {
    setChecked(true);
    if (!percentValid(percent)) return;
    update.mutate(
      { id: agent.id, body: { commissionBasis: basis, commissionPercent: percent as number } },
      {
        onSuccess: () => {
          onDone(t('notice.termsChanged', { name: agent.fullName }));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('terms.title', { name: agent.fullName })}
      onClose={onClose}
      onSubmit={submit}
      pending={update.isPending}
      error={update.error}
      hideError={refusesFieldsOnly(update.error)}
      confirmLabel={t('terms.submit')}
    >
      <Text size="sm" c="gray.7">
        {t('terms.intro')}
      </Text>
      <BasisAndPercent
        basis={basis}
        percent={percent}
        onBasis={setBasis}
        onPercent={setPercent}
        percentError={
          (checked && !percentValid(percent)) || fieldErrorsOf(update.error).has('commissionPercent')
            ? t('errors.commissionPercent')
            : undefined
        }
      />
    </FormDialog>
  );
}

export function ActiveDialog({ agent, onClose, onDone }: DialogProps & { agent: AdminAgent }) {
  const { t } = useTranslation('admin-agents');
  const update = useUpdateAgent();
  const deactivate = agent.active;
  const submit = () =>
    update.mutate(
      { id: agent.id, body: { active: !deactivate } },
      {
        onSuccess: () => {
          onDone(t(deactivate ? 'notice.deactivated' : 'notice.reactivated', { name: agent.fullName }));
          onClose();
        },
      },
    );
  return (
    <FormDialog
      title={t(deactivate ? 'active.deactivateTitle' : 'active.reactivateTitle', { name: agent.fullName })}
      onClose={onClose}
      onSubmit={submit}
      pending={update.isPending}
      error={update.error}
      hideError={refusesFieldsOnly(update.error)}
      confirmLabel={t(deactivate ? 'active.deactivate' : 'active.reactivate')}
      confirmColor={deactivate ? 'red' : 'teal'}
    >
      <Text>{t(deactivate ? 'active.deactivateBody' : 'active.reactivateBody', { code: agent.referralCode })}</Text>
    </FormDialog>
  );
}

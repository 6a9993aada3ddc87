import type { AgentMe } from '@kwenda/contracts/admin';
import { Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './agent.module.css';

/** Saves the QR code as an SVG file the agent can print or post. */
function downloadQr(svg: string, code: string) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `kwenda-${code}.svg`;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The agent's link to share: the address, a copy button, its QR code and a WhatsApp share. */
export function AgentLinkCard({ me }: { me: AgentMe }) {
  const { t } = useTranslation('agent');
  const shareText = `${t('link.shareText')} ${me.link}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="agent-link-title">
      <Group align="flex-start" justify="space-between" gap="lg" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 16rem', minInlineSize: 0 }}>
          <Title order={2} size="h4" id="agent-link-title">
            {t('link.title')}
          </Title>
          <Text c="gray.7">{t('link.intro')}</Text>
          <Text fw={700} dir="ltr" className={classes.link} data-testid="agent-link">
            {me.link}
          </Text>
          <Text size="sm">
            {t('link.code')}{' '}
            <bdi dir="ltr">
              <strong>{me.referralCode}</strong>
            </bdi>
          </Text>
          <Group gap="xs" wrap="wrap">
            <CopyButton value={me.link} timeout={2500}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal' : undefined} aria-live="polite">
                  {copied ? t('link.copied') : t('link.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={() => downloadQr(me.qrSvg, me.referralCode)}>
              {t('link.downloadQr')}
            </Button>
            <Button
              variant="default"
              component="a"
              href={`https://wa.me/?text=${encodeURIComponent(shareText)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('link.whatsapp')}
            </Button>
          </Group>
          <Text size="sm" c="gray.7">
            {t(me.commissionBasis === 'markup' ? 'link.termsMarkup' : 'link.termsFare', { percent: me.commissionPercent })}{' '}
            <a href="#agent-statement-title" className={classes.inlineLink}>
              {t('link.seeStatement')}
            </a>
          </Text>
        </Stack>
        <div
          className={classes.qr}
          role="img"
          aria-label={t('link.qrLabel', { link: me.link })}
          // Drawn by the server from the agent's own link with the qrcode library: no outside input.
          dangerouslySetInnerHTML={{ __html: me.qrSvg }}
        />
      </Group>
    </Paper>
  );
}

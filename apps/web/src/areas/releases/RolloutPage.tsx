import { PERMISSIONS } from '@htv/shared/areas/access/permissions';
import { ACTION_STATES, INSTALL_TYPES, RELEASE_KINDS, ROLLOUT_STATES, DISTRIBUTIONS } from '@htv/shared/areas/releases/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Modal, Progress, Row, Space, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { showApiError } from '../../api/client';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { useTabSubject } from '../../layout/tabSubject';
import { useLang } from '../../locales';
import { releaseApi } from './api';
import { useReleaseText } from './locales';
import { ActionTable, doneShare } from './RolloutsPage';

const PAUSE_REASONS = { manual: 'manual', errorThreshold: 'errorThresholdReason', successNotReached: 'successNotReached' } as const;

/**
 * A rollout's page (/releases/rollout/:id): its state and settings, each wave with its counts, the
 * start / pause / resume / cancel buttons its state allows, and the live per-terminal states.
 */
export default function RolloutPage() {
  const m = useReleaseText();
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const id = Number(useParams().id);
  const detail = useQuery({ queryKey: ['releases', 'rollout', id], queryFn: ({ signal }) => releaseApi.rollout(id, signal), refetchInterval: 3000 });
  const r = detail.data;
  useTabSubject(r?.name);
  if (!r) return <Typography.Text type="secondary">{detail.isError ? '-' : '…'}</Typography.Text>;
  const mayChange = can(user, PERMISSIONS.releasePublish);
  const act = async (action: 'start' | 'pause' | 'resume' | 'cancel') => {
    try {
      await releaseApi.change(id, action);
      await client.invalidateQueries({ queryKey: ['releases'] });
    } catch (error) {
      showApiError(error);
    }
  };
  const button = (action: 'start' | 'pause' | 'resume' | 'cancel', states: string[], danger = false) =>
    mayChange && states.includes(r.state) ? (
      <Button
        key={action}
        danger={danger}
        data-testid={`rollout-${action}`}
        onClick={() => (action === 'cancel' ? Modal.confirm({ title: m('cancelConfirm'), okText: m('ok'), onOk: () => act(action) }) : void act(action))}
      >
        {m(action)}
      </Button>
    ) : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="rollout-page">
      <Card
        title={r.name}
        extra={<Space>{[button('start', ['ready']), button('pause', ['running']), button('resume', ['paused']), button('cancel', ['ready', 'running', 'paused'], true)]}</Space>}
      >
        {r.state === 'paused' && r.pauseReason && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`${m('pausedBy')}: ${m(PAUSE_REASONS[r.pauseReason as keyof typeof PAUSE_REASONS] ?? 'manual')}`} data-testid="rollout-pause-reason" />}
        <Descriptions size="small" bordered column={3}>
          <Descriptions.Item label={m('state')}>
            <Tag data-testid="rollout-state">{ROLLOUT_STATES[r.state][lang]}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={m('kind')}>{RELEASE_KINDS[r.kind][lang]}</Descriptions.Item>
          <Descriptions.Item label={m('package')}>{`${r.packageTitle} · ${r.versionName}`}</Descriptions.Item>
          <Descriptions.Item label={m('distribution')}>{DISTRIBUTIONS[r.distribution][lang]}</Descriptions.Item>
          <Descriptions.Item label={m('installType')}>{INSTALL_TYPES[r.installType][lang]}</Descriptions.Item>
          <Descriptions.Item label={m('window')}>{r.windowStart ? `${r.windowStart}-${r.windowEnd}` : m(r.installType === 'soft' ? 'hotelWindow' : 'noWindow')}</Descriptions.Item>
          <Descriptions.Item label={m('successThreshold')}>{r.successThreshold}</Descriptions.Item>
          <Descriptions.Item label={m('errorThreshold')}>{r.errorThreshold}</Descriptions.Item>
          <Descriptions.Item label={m('progress')}>
            <Progress percent={doneShare(r)} size="small" />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={12}>
        {r.waves.map((wave) => (
          <Col key={wave.index} xs={24} md={8}>
            <Card size="small" title={m('waveN', { n: wave.index + 1 })} extra={<Tag>{m(wave.state === 'done' ? 'waveDone' : wave.state === 'running' ? 'waveRunning' : 'waveWaiting')}</Tag>} data-testid={`wave-${wave.index}`}>
              <Space wrap>
                <Typography.Text>{`${m('terminals')}: ${wave.total}`}</Typography.Text>
                {Object.entries(wave.counts).map(([state, n]) => (
                  <Tag key={state}>{`${ACTION_STATES[state as keyof typeof ACTION_STATES]?.[lang] ?? state} ${n}`}</Tag>
                ))}
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={m('terminals')}>
        <ActionTable rolloutId={id} live />
      </Card>
    </Space>
  );
}

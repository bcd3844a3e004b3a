import type { ReactNode } from 'react';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import { formatIndiaDate, formatInr } from '../../../billing/format.ts';
import type { AdminUserRow, UserColumn, UsersPage, UsersRequest } from '../api/adminApi.ts';
import { formatCount, formatPlan } from '../format.ts';
import { PAGE_SIZES } from './usersRequest.ts';

const none = '—';
const text = (value: string | null) => value ?? none;
const count = (value: number | null) => (value === null ? none : formatCount(value));

/** Each column: its title and how its cell reads. Every one sorts at the server. */
const COLUMNS: { key: UserColumn; title: string; cell: (row: AdminUserRow) => ReactNode }[] = [
  { key: 'user_name', title: 'Name', cell: (row) => row.user_name },
  { key: 'user_email', title: 'Email', cell: (row) => row.user_email },
  { key: 'subscription_plan', title: 'Plan', cell: (row) => (row.subscription_plan === null ? none : formatPlan(row.subscription_plan)) },
  { key: 'queries_limit', title: 'Queries Limit', cell: (row) => count(row.queries_limit) },
  { key: 'queries_used', title: 'Queries Used', cell: (row) => count(row.queries_used) },
  { key: 'start_date', title: 'Start Date', cell: (row) => (row.start_date === null ? none : formatIndiaDate(row.start_date)) },
  { key: 'end_date', title: 'End Date', cell: (row) => (row.end_date === null ? none : formatIndiaDate(row.end_date)) },
  { key: 'razorpay_subscription_id', title: 'Razorpay Subscription ID', cell: (row) => text(row.razorpay_subscription_id) },
  { key: 'razorpay_status', title: 'Razorpay Status', cell: (row) => text(row.razorpay_status) },
  { key: 'amount', title: 'Amount', cell: (row) => (row.amount === null ? none : formatInr(row.amount)) },
];

interface UsersTableProps {
  request: UsersRequest;
  /** The rows of the request, or of the one before while it loads. */
  page: UsersPage | undefined;
  loading: boolean;
  onChange: (request: UsersRequest) => void;
}

/** Users and their subscriptions: sorted and paged at the server, so the table only shows and asks. */
export function UsersTable({ request, page, loading, onChange }: UsersTableProps) {
  const columns: TableColumnsType<AdminUserRow> = COLUMNS.map(({ key, title, cell }) => ({
    key,
    title,
    render: (_value: unknown, row: AdminUserRow) => cell(row),
    sorter: true,
    sortOrder: request.sort === key ? (request.order === 'asc' ? 'ascend' : 'descend') : null,
  }));

  const change: TableProps<AdminUserRow>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
      const sort = chosen?.order ? (COLUMNS.find(({ key }) => key === chosen.columnKey)?.key ?? null) : null;
      onChange({ ...request, sort, order: chosen?.order === 'descend' ? 'desc' : 'asc', page: 1 });
    } else if (action === 'paginate') {
      const pageSize = pagination.pageSize ?? request.pageSize;
      onChange({ ...request, pageSize, page: pageSize === request.pageSize ? (pagination.current ?? 1) : 1 });
    }
  };

  return (
    <Table<AdminUserRow>
      rowKey="user_email"
      columns={columns}
      dataSource={page?.users ?? []}
      loading={loading}
      onChange={change}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No users found' }}
      pagination={{
        current: request.page,
        pageSize: request.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => `${formatCount(total)} ${total === 1 ? 'user' : 'users'}`,
      }}
    />
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';
import { usersQuery, type UsersRequest } from '../api/adminApi.ts';
import { exportUsers } from './exportUsers.ts';
import { SearchBox } from './SearchBox.tsx';
import { UsersTable } from './UsersTable.tsx';
import { searchParamsOf, usersRequestOf } from './usersRequest.ts';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';

/** Users and their subscriptions (spec section 2, Users): searched, sorted and paged at the server, and exported as CSV. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const request = usersRequestOf(params);
  const { data, error, isFetching } = useQuery(usersQuery(request));
  const exporting = useMutation({ mutationFn: exportUsers });

  const show = (next: UsersRequest) => {
    setParams(searchParamsOf(next));
  };
  // Typing replaces the entry in the history: back leaves the search, not each word of it.
  const search = (text: string) => {
    setParams(searchParamsOf({ ...request, search: text, page: 1 }), { replace: true });
  };

  return (
    <PageLayout
      width="full"
      title="Users"
      actions={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => {
            exporting.mutate();
          }}
        >
          Export CSV
        </Button>
      }
    >
      <Notice type="error" text={exporting.isError ? errorMessage('adminExport', exporting.error) : null} />
      <Flex vertical gap="middle">
        <SearchBox search={request.search} onSearch={search} />
        <Notice type="error" text={error ? errorMessage('adminUsers', error) : null} />
        <UsersTable request={request} page={data} loading={isFetching} onChange={show} />
      </Flex>
    </PageLayout>
  );
}

import { FileTextOutlined } from '@ant-design/icons';
import { type ButtonPattern, Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';

type FetchFile = Parameters<typeof ExportButton>[0]['fetchFile'];

/** The csv of a PPC list as it is filtered, for those holding its export button; nothing to export, it is disabled. */
export function PpcCsvExport({
  permission,
  label,
  testId,
  empty,
  fetchFile,
}: {
  permission: ButtonPattern;
  label: string;
  testId: string;
  empty: boolean;
  fetchFile: FetchFile;
}) {
  return (
    <Can permission={permission}>
      <ExportButton label={label} icon={<FileTextOutlined />} testId={testId} disabled={empty} fetchFile={fetchFile} />
    </Can>
  );
}

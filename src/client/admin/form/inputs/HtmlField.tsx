import { Alert, Button, Group, Image, Input, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import { type Editor, type JSONContent, useEditor } from '@tiptap/react';
import { NodeSelection } from '@tiptap/pm/state';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { isAllowedIframeSrc } from '../../../../shared/sanitize-policy';
import type { FieldProps } from '../field-registry';
import { isImageAddress } from './ImageField';
import { RICH_TEXT_EXTENSIONS, youtubeEmbedUrl } from '../rich-text/extensions';
import { markupLost } from '../rich-text/markup-loss';
import { useAdminText } from '../../i18n';
import { Segments } from '../../Segments';
import { lazyComponent } from '../../../ui/lazy-component';

// The picker (grid, uploads) loads only when someone opens it.
const MediaPicker = lazyComponent(() => import('../../media/MediaPicker').then((m) => m.MediaPicker));

type Mode = 'rich' | 'html';

/**
 * HTML content with a rich-text editor and a raw-HTML view; the stored value stays HTML. The editor
 * takes content over only when it can hold all of it (rich-text/markup-loss.ts): otherwise the
 * field stays in the HTML view and says what the editor would drop, so nothing is lost silently.
 * The editor writes the value back only when someone edits in it.
 */
export function HtmlField({ name, field, value, error, disabled, onChange }: FieldProps) {
  const { t } = useAdminText();
  const html = typeof value === 'string' ? value : '';
  const [lost, setLost] = useState<string[]>(() => (html ? markupLost(html) : []));
  const [mode, setMode] = useState<Mode>(lost.length > 0 ? 'html' : 'rich');
  const emitted = useRef(html);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const labelId = useId();

  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: mode === 'rich' ? html : '',
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      // Only what someone writes in the editor on screen is the field's value.
      if (modeRef.current !== 'rich') return;
      emitted.current = e.getHTML();
      onChangeRef.current(emitted.current);
    },
  });

  useEffect(() => {
    // The value changed elsewhere while the editor shows it (a reload, a restore): show the new
    // value without echoing it back, or leave the editor if it cannot hold it. (The HTML view
    // hands its value over when someone switches back, in switchTo.)
    if (!editor || mode !== 'rich' || html === emitted.current) return;
    emitted.current = html;
    const loss = markupLost(html);
    if (loss.length > 0) {
      setLost(loss);
      setMode('html');
      return;
    }
    editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html, mode]);

  useEffect(() => {
    // Without emitting an update: that would write the editor's (perhaps empty) content over the value.
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  const switchTo = (next: Mode) => {
    if (next === 'rich') {
      const loss = html ? markupLost(html) : [];
      setLost(loss);
      if (loss.length > 0) return; // refused: the note says why
      emitted.current = html;
      editor?.commands.setContent(html, { emitUpdate: false });
    }
    setMode(next);
  };

  return (
    <Input.Wrapper label={field.label} labelProps={{ id: labelId }} description={field.hint} error={error}>
      <Stack gap={6} mt={4}>
        <div>
          <Segments<Mode>
            label={t('editor.mode', { field: field.label })}
            value={mode}
            onChange={switchTo}
            data={[
              { value: 'rich', label: t('editor.rich') },
              { value: 'html', label: 'HTML' },
            ]}
          />
        </div>
        {lost.length > 0 && mode === 'html' && (
          <Alert color="yellow" role="status" title={t('editor.asHtml')}>
            {t('editor.asHtmlText')} {lost.slice(0, 5).join(', ')}
            {lost.length > 5 ? t('editor.andMore', { count: lost.length - 5 }) : ''}.
          </Alert>
        )}
        {mode === 'rich' ? (
          <RichTextEditor editor={editor}>
            <RichTextEditor.Toolbar sticky stickyOffset={56}>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Underline />
                <RichTextEditor.Strikethrough />
                <RichTextEditor.ClearFormatting />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
                <RichTextEditor.H4 />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Blockquote />
                <RichTextEditor.Hr />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Link />
                <RichTextEditor.Unlink />
              </RichTextEditor.ControlsGroup>
              {editor && <InsertControls editor={editor} disabled={disabled} />}
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Undo />
                <RichTextEditor.Redo />
              </RichTextEditor.ControlsGroup>
            </RichTextEditor.Toolbar>
            <RichTextEditor.Content mih={160} />
          </RichTextEditor>
        ) : (
          <Textarea
            name={name}
            aria-labelledby={labelId}
            autosize
            minRows={8}
            maxRows={24}
            disabled={disabled}
            value={html}
            onChange={(e) => onChange(e.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** A toolbar button with a word for a label (these have no standard icon). */
function WordControl({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <RichTextEditor.Control onClick={onClick} disabled={disabled} aria-label={label} title={label} w="auto" px={8}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
    </RichTextEditor.Control>
  );
}

/** Image (from the media library, with alt text), video and table controls, each with its dialog. */
/**
 * Puts an image or a video after the selection, never over it (a selected image or video stays),
 * with a paragraph below where the cursor goes: typing, or the next insert, continues after it.
 */
function insertAfterSelection(editor: Editor, node: JSONContent): void {
  editor
    .chain()
    .focus()
    .insertContentAt(editor.state.selection.to, [node, { type: 'paragraph' }])
    .run();
}

function InsertControls({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { t } = useAdminText();
  const [dialog, setDialog] = useState<'image' | 'video' | null>(null);
  const inTable = editor.isActive('table');
  return (
    <>
      <RichTextEditor.ControlsGroup>
        <WordControl label={t('editor.image')} onClick={() => setDialog('image')} disabled={disabled} />
        <WordControl label={t('editor.video')} onClick={() => setDialog('video')} disabled={disabled} />
        <WordControl
          label={t('editor.table')}
          disabled={disabled}
          onClick={() => {
            // A selected image or video would be replaced: open a paragraph below it first.
            if (editor.state.selection instanceof NodeSelection) {
              editor.chain().focus().insertContentAt(editor.state.selection.to, { type: 'paragraph' }).run();
            }
            editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
          }}
        />
        {inTable && (
          <>
            <WordControl label={t('editor.addRow')} onClick={() => editor.chain().focus().addRowAfter().run()} />
            <WordControl label={t('editor.addColumn')} onClick={() => editor.chain().focus().addColumnAfter().run()} />
            <WordControl label={t('editor.deleteRow')} onClick={() => editor.chain().focus().deleteRow().run()} />
            <WordControl label={t('editor.deleteColumn')} onClick={() => editor.chain().focus().deleteColumn().run()} />
            <WordControl label={t('editor.deleteTable')} onClick={() => editor.chain().focus().deleteTable().run()} />
          </>
        )}
      </RichTextEditor.ControlsGroup>
      {dialog === 'image' && (
        <ImageDialog
          onClose={() => setDialog(null)}
          onInsert={(src, alt) => {
            insertAfterSelection(editor, { type: 'image', attrs: { src, alt } });
            setDialog(null);
          }}
        />
      )}
      {dialog === 'video' && (
        <VideoDialog
          onClose={() => setDialog(null)}
          onInsert={(src) => {
            insertAfterSelection(editor, {
              type: 'embed',
              attrs: { src, title: 'Embedded video', allowfullscreen: 'true', width: '560', height: '315' },
            });
            setDialog(null);
          }}
        />
      )}
    </>
  );
}

function ImageDialog({ onInsert, onClose }: { onInsert: (src: string, alt: string) => void; onClose: () => void }) {
  const { t } = useAdminText();
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Modal opened={!picking} onClose={onClose} title={t('editor.insertImage')}>
        <Stack>
          <Group align="end" wrap="nowrap">
            <TextInput
              label={t('editor.imageAddress')}
              placeholder="/uploads/photo.webp"
              value={src}
              onChange={(e) => setSrc(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button variant="light" onClick={() => setPicking(true)}>
              {t('editor.mediaLibrary')}
            </Button>
          </Group>
          {src && <Image src={src} alt="" mah={160} w="auto" fit="contain" radius="sm" />}
          <TextInput
            label={t('editor.altText')}
            description="What the image shows, for people who cannot see it; leave empty if it is only decoration"
            value={alt}
            onChange={(e) => setAlt(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button disabled={!isImageAddress(src)} onClick={() => onInsert(src.trim(), alt.trim())}>
              {t('editor.insert')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {/* The picker takes the dialog's place while it is open, and hands the address back. */}
      {picking && (
        <Suspense fallback={null}>
          <MediaPicker
            title={t('editor.chooseImage')}
            onInsert={(url, file) => {
              setSrc(url);
              // The library's alt text for the file, unless some was typed already.
              if (file?.alt && !alt) setAlt(file.alt);
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
    </>
  );
}

function VideoDialog({ onInsert, onClose }: { onInsert: (src: string) => void; onClose: () => void }) {
  const { t } = useAdminText();
  const [address, setAddress] = useState('');
  const embed = youtubeEmbedUrl(address);
  const valid = embed !== undefined && isAllowedIframeSrc(embed);
  return (
    <Modal opened onClose={onClose} title={t('editor.insertVideo')}>
      <Stack>
        <TextInput
          label={t('editor.youtubeAddress')}
          placeholder="https://www.youtube.com/watch?v=…"
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          error={address.trim() && !valid ? t('editor.youtubeHint') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!valid} onClick={() => onInsert(embed!)}>
            {t('editor.insert')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Input, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldProps } from '../field-registry';

type Mode = 'rich' | 'html';

/**
 * HTML content with a rich-text editor and a raw-HTML view. The stored value stays HTML. The
 * editor only writes the value back when the user edits in it, so markup it does not model
 * (iframes, classes) survives a save that did not touch the field.
 */
export function HtmlField({ name, field, value, error, disabled, onChange }: FieldProps) {
  const html = typeof value === 'string' ? value : '';
  const [mode, setMode] = useState<Mode>('rich');
  const emitted = useRef(html);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const labelId = useId();

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: html,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      emitted.current = e.getHTML();
      onChangeRef.current(emitted.current);
    },
  });

  useEffect(() => {
    // The value changed elsewhere (raw HTML view, a reload): show it without echoing it back.
    if (editor && html !== emitted.current) {
      emitted.current = html;
      editor.commands.setContent(html, { emitUpdate: false });
    }
  }, [editor, html]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Input.Wrapper label={field.label} labelProps={{ id: labelId }} description={field.hint} error={error}>
      <Stack gap={6} mt={4}>
        <SegmentedControl
          size="xs"
          aria-label={`${field.label} editor mode`}
          value={mode}
          onChange={(m) => setMode(m as Mode)}
          data={[
            { value: 'rich', label: 'Rich text' },
            { value: 'html', label: 'HTML' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
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

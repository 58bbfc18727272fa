package org.netbeans.spi.wizard;
public abstract class WizardPanelProvider {
  protected WizardPanelProvider(String[] steps, String[] descriptions) {}
  protected abstract javax.swing.JComponent createPanel(WizardController controller, String id, java.util.Map settings);
  public final Wizard createWizard() { throw new UnsupportedOperationException("no wizard here"); }
}

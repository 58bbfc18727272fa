package org.netbeans.spi.wizard;
public final class Wizard {}
